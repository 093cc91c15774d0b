import { describe, expect, it } from 'vitest';
import { checkConfirmPassword, checkNewPassword } from './password-rules';
import { messages } from '../../i18n/messages';

describe('password rules', () => {
  it('requires the new password', () => {
    expect(checkNewPassword('')).toBe('password.newRequired');
    expect(messages['en-US']['password.newRequired']).toBe('Please enter the new password');
    expect(messages['zh-CN']['password.newRequired']).toBe('请输入新密码');
  });

  it.each(['abc12', 'abcdef', '123456', 'abc 123', 'abc123\t'])('rejects %j', (pw) => {
    expect(checkNewPassword(pw)).toBe('password.rule');
  });

  it.each(['abc123', 'A1b2c3d4', 'x9!@#$'])('accepts %j', (pw) => {
    expect(checkNewPassword(pw)).toBeNull();
  });

  it('requires an equal confirmation', () => {
    expect(checkConfirmPassword('', 'abc123')).toBe('password.confirmRequired');
    expect(checkConfirmPassword('abc124', 'abc123')).toBe('password.mismatch');
    expect(checkConfirmPassword('abc123', 'abc123')).toBeNull();
    expect(messages['en-US']['password.mismatch']).toBe('The two passwords do not match');
    expect(messages['zh-CN']['password.rule']).toBe('密码至少6位，且必须包含数字和字母');
  });
});
