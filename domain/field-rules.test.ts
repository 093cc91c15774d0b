import { describe, expect, it } from 'vitest';
import {
  numberRangeMessage,
  requiredMessage,
  EN_CODE_MESSAGE,
  PASSWORD_MESSAGE,
  PHONE_MESSAGE,
  codeMessage,
  isAccount,
  isButtonCode,
  isCode,
  isEmail,
  isEnCode,
  isIPv4,
  isLink,
  isPassword,
  isPhone,
  isPlate,
  isSpaceNo,
  maskPhone,
  normalizePlate,
  safeUrl,
} from './field-rules';

describe('field rules', () => {
  it('phone: 1, then 3/4/5/7/8, then 9 digits; empty allowed', () => {
    for (const ok of ['13512346781', '14512346781', '15512346781', '17512346781', '18812346781', ' 13512346781 ', '', null, undefined])
      expect(isPhone(ok)).toBe(true);
    for (const bad of ['12512346781', '16512346781', '19912346781', '1351234678', '135123467812', '1351234678a'])
      expect(isPhone(bad)).toBe(false);
    expect(PHONE_MESSAGE).toBe('请输入正确的电话号码');
  });

  it('masks a phone: 11 digits show the first 3 and last 4, anything else only its last 4', () => {
    expect(maskPhone('13512346781')).toBe('135****6781');
    expect(maskPhone('0755-1234567')).toBe('********4567');
    expect(maskPhone(undefined)).toBe('');
    expect(maskPhone('')).toBe('');
  });

  it('e-mail', () => {
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail('')).toBe(true);
    expect(isEmail('ops@example')).toBe(false);
    expect(isEmail('a b@example.com')).toBe(false);
  });

  it('links: http, https, mailto and tel only', () => {
    for (const ok of ['http://a.cn/x', 'https://example.com', 'mailto:ops@example.com', 'tel:0755-12345678', ''])
      expect(isLink(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://x.cn', 'example.com', 'http://']) expect(isLink(bad)).toBe(false);
  });

  it('addresses from data: links and in-app paths only, trimmed', () => {
    for (const ok of [
      'http://a.cn/x',
      'https://example.com/a?b=1#c',
      'mailto:ops@example.com',
      'tel:0755-12345678',
      '/api/file/Image/a.png',
      '#/parking/lot',
      '/',
    ])
      expect(safeUrl(ok)).toBe(ok);
    expect(safeUrl('  https://example.com ')).toBe('https://example.com');
    const bad = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      '#//evil.example',
      'x',
      '${user}',
      '',
      '/a b',
      '/a\u0000b',
      'ftp://x.cn',
    ];
    for (const b of bad) expect(safeUrl(b), b).toBeUndefined();
    for (const b of [null, undefined, {}, ['https://a.cn']]) expect(safeUrl(b)).toBeUndefined();
  });

  it('plates: ordinary 7, new-energy 8 characters, or 无牌; never I or O', () => {
    for (const ok of ['粤B12345', '粤BD12345', '粤B12345F', '京AF0236', '无牌', '']) expect(isPlate(ok)).toBe(true);
    for (const bad of ['粤B1234', '粤BI2345', '粤B1234O', 'AB12345', '粤B123456D', '粤b12345']) expect(isPlate(bad)).toBe(false);
    expect(normalizePlate(' 粤b·12 345 ')).toBe('粤B12345');
  });

  it('password: 6 or more, a digit and a letter, no whitespace', () => {
    for (const ok of ['abc123', 'A1b2c3d4', 'x9!@#$', '']) expect(isPassword(ok)).toBe(true);
    for (const bad of ['abc12', 'abcdef', '123456', 'abc 123', 'abc123\t']) expect(isPassword(bad)).toBe(false);
    expect(PASSWORD_MESSAGE).toBe('密码至少6位，且必须包含数字和字母');
  });

  it('record codes: letters, digits, _ and -, within the given lengths', () => {
    expect(isCode('FT-CBD_04')).toBe(true);
    expect(isCode('A')).toBe(false);
    expect(isCode('A', 1, 20)).toBe(true);
    expect(isCode('x'.repeat(33))).toBe(false);
    expect(isCode('x'.repeat(40), 2, 40)).toBe(true);
    expect(isCode('停车场')).toBe(false);
    expect(codeMessage(1, 20)).toBe('只能包含字母、数字、下划线或短横线，1-20位');
  });

  it('system codes start with a letter', () => {
    expect(isEnCode('road_type')).toBe(true);
    expect(isEnCode('1road')).toBe(false);
    expect(isEnCode('road-type')).toBe(false);
    expect(EN_CODE_MESSAGE).toContain('以字母开头');
  });

  it('accounts, space numbers, button codes and IPv4 addresses', () => {
    expect(isAccount('ops.li@pc')).toBe(true);
    expect(isAccount('_ops')).toBe(false);
    expect(isSpaceNo('B1-0001')).toBe(true);
    expect(isSpaceNo('B1_0001')).toBe(false);
    expect(isButtonCode('parking:add')).toBe(true);
    expect(isButtonCode('parking-add')).toBe(false);
    expect(isIPv4('192.168.1.20')).toBe(true);
    expect(isIPv4('192.168.1.256')).toBe(false);
    expect(isIPv4('1.2.3')).toBe(false);
  });

  it('required and number-range messages are worded as the server words them', () => {
    expect(requiredMessage('停车场名称')).toBe('停车场名称不能为空');
    expect(requiredMessage('${label}')).toBe('此项不能为空');
    expect(requiredMessage(undefined)).toBe('此项不能为空');
    expect(numberRangeMessage({ min: 1, max: 500, integer: true })).toBe('必须是1到500之间的整数');
    expect(numberRangeMessage({ min: 0, integer: true, title: '总车位数' })).toBe('总车位数必须是不小于0的整数');
    expect(numberRangeMessage({ max: 6 })).toBe('必须是不大于6的数字');
  });
});
