import { describe, expect, it, vi } from 'vitest';
import { amisRule, NAMED_VALIDATIONS, registerValidations } from './validations';

describe('named validations', () => {
  it('registers every rule of the field-rules module under its page name', () => {
    const addRule = vi.fn();
    registerValidations({ addRule });
    const names = addRule.mock.calls.map(([name]) => name);
    expect(names).toEqual(Object.keys(NAMED_VALIDATIONS));
    expect(names).toEqual(
      expect.arrayContaining(['isPhone', 'isMail', 'isEmail', 'isLink', 'isPlate', 'isPassword', 'isCode', 'isEnCode']),
    );
  });

  it('answers amis with true or the message', () => {
    expect(amisRule('isPhone')({}, '13512346781')).toBe(true);
    expect(amisRule('isPhone')({}, '')).toBe(true);
    expect(amisRule('isPhone')({}, '12345')).toEqual({ error: true, msg: '请输入正确的电话号码' });
    expect(amisRule('isPlate')({}, '粤B12345')).toBe(true);
    expect(amisRule('isPassword')({}, 'abcdef')).toMatchObject({ error: true });
  });

  it('code lengths come from the arguments ("isCode:1,20"), or the defaults ("isCode")', () => {
    expect(amisRule('isCode')({}, 'A', 1, 20)).toBe(true);
    expect(amisRule('isCode')({}, 'A_', 2, 40)).toBe(true);
    expect(amisRule('isCode')({}, 'A', true)).toEqual({ error: true, msg: '只能包含字母、数字、下划线或短横线，2-32位' });
    expect(amisRule('isCode')({}, 'x'.repeat(21), 1, 20)).toEqual({ error: true, msg: '只能包含字母、数字、下划线或短横线，1-20位' });
  });
});
