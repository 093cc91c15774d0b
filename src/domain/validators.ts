/** Field rules shared by JSON pages (as amis validations) and React forms. Empty values pass: `required` is separate. */

export const PHONE_MESSAGE = '请输入正确的电话号码';
export const EMAIL_MESSAGE = '请输入正确的邮箱地址';
export const LINK_MESSAGE = '请输入以 http://、https://、mailto: 或 tel: 开头的正确链接';

function blank(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

/** Mainland mobile: 1, then 3/4/5/7/8, then 9 digits (spec §5). */
export function isPhone(value: unknown): boolean {
  return blank(value) || /^1[34578]\d{9}$/.test(String(value).trim());
}

export function isEmail(value: unknown): boolean {
  return blank(value) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value).trim());
}

/** http, https, mailto and tel links only (no javascript: and friends). */
export function isLink(value: unknown): boolean {
  if (blank(value)) return true;
  const text = String(value).trim();
  return /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(text) || /^mailto:[^\s@]+@[^\s@]+$/i.test(text) || /^tel:\+?[\d-]{3,20}$/i.test(text);
}

/** Money input: digits and up to 2 decimals. */
export function keepMoney(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const [whole, ...rest] = cleaned.split('.');
  if (!rest.length) return whole;
  return `${whole}.${rest.join('').slice(0, 2)}`;
}

/** Integer input: digits only. */
export function keepInteger(input: string): string {
  return input.replace(/\D/g, '');
}

export function stripWhitespace(input: string): string {
  return input.replace(/\s+/g, '');
}
