/**
 * The platform's field rules, held once: the React console, the JSON pages (as amis validations
 * named in src/amis/extensions/validations.ts) and the reference server all import this module.
 * It stays pure (no DOM, no amis, no imports at all) so server code can import it by a relative path.
 *
 * Every predicate lets an empty value pass: whether a field is required is a separate rule. The
 * messages say what is wrong with the value; a caller that shows them away from the field (the
 * server) puts the field's name in front: `停车场编号${codeMessage()}`.
 */

function blank(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

function text(value: unknown): string {
  return String(value).trim();
}

/** Mainland mobile (spec §5): 1, then 3, 4, 5, 7 or 8, then 9 more digits. */
export const PHONE_RE = /^1[34578]\d{9}$/;
export const PHONE_MESSAGE = '请输入正确的电话号码';
export function isPhone(value: unknown): boolean {
  return blank(value) || PHONE_RE.test(text(value));
}

/** Spec §9: an 11-digit number shows its first 3 and last 4 digits; anything else keeps only its last 4. */
export function maskPhone(value: unknown): string {
  if (blank(value)) return '';
  const phone = text(value);
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone.replace(/.(?=.{4})/g, '*');
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGE = '请输入正确的电子邮箱';
export function isEmail(value: unknown): boolean {
  return blank(value) || EMAIL_RE.test(text(value));
}

/** Links accept http, https, mailto and tel only (never javascript: and friends). */
export const LINK_RES = [/^https?:\/\/[^\s/$.?#].[^\s]*$/i, /^mailto:[^\s@]+@[^\s@]+$/i, /^tel:\+?[\d-]{3,20}$/i] as const;
export const LINK_MESSAGE = '请输入以 http://、https://、mailto: 或 tel: 开头的正确链接';
export function isLink(value: unknown): boolean {
  return blank(value) || LINK_RES.some((re) => re.test(text(value)));
}

/** A path inside the console: `/parking/lot`, `#/parking/lot` (never `//host`, a backslash, blanks or control characters). */
// eslint-disable-next-line no-control-regex -- control characters are what it keeps out
export const IN_APP_PATH_RE = /^#?\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/;

/**
 * A link or image address that came from data, as it may be used in an `href` or a `src`: an
 * http, https, mailto or tel link (LINK_RES) or an in-app path, trimmed; anything else
 * (`javascript:`, `data:`, `vbscript:`, `//host`, text) is no address and answers undefined.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const url = text(value);
  if (!url) return undefined;
  return IN_APP_PATH_RE.test(url) || LINK_RES.some((re) => re.test(url)) ? url : undefined;
}

/** Where an address that `safeUrl` refuses goes instead: nowhere (Chrome's own word for a blocked address). */
export const BLOCKED_URL = 'about:blank#blocked';

/** A car without a plate is recorded as 无牌. */
export const UNPLATED = '无牌';
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Ordinary plates have 7 characters, new-energy ones 8 (D/F after the office letter, or last); I and O are never used. */
export const PLATE_RE = new RegExp(`^(${UNPLATED}|[${PLATE_PROVINCES}][A-HJ-NP-Z]([A-HJ-NP-Z0-9]{5}|[DF][A-HJ-NP-Z0-9]{5}|[0-9]{5}[DF]))$`);
export const PLATE_MESSAGE = '请输入正确的车牌号，如 粤B12345 或 粤BD12345';
export function isPlate(value: unknown): boolean {
  return blank(value) || PLATE_RE.test(text(value));
}

/** What a plate input keeps of what is typed: no blanks, capital letters, no display dot. */
export function normalizePlate(input: string): string {
  return input.replace(/[\s·]+/g, '').toUpperCase();
}

/** Spec §5: at least 6 characters, at least one digit and one letter, no whitespace. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RE = /^(?=.*\d)(?=.*[A-Za-z])\S{6,}$/;
export const PASSWORD_MESSAGE = '密码至少6位，且必须包含数字和字母';
export function isPassword(value: unknown): boolean {
  return blank(value) || PASSWORD_RE.test(String(value));
}

/** What travels in place of a password: the MD5 hex of what was typed (src/utils/password-hash.ts); the server can check only this. */
export const PASSWORD_HASH_RE = /^[0-9a-fA-F]{32}$/;
export const PASSWORD_HASH_MESSAGE = '密码格式不正确';

/** Codes of records (lots, areas, lanes, devices): letters, digits, underscore or hyphen, min to max long. */
export const CODE_MIN = 2;
export const CODE_MAX = 32;
export function codePattern(min = CODE_MIN, max = CODE_MAX): RegExp {
  return new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`);
}
export const CODE_RE = codePattern();
export function codeMessage(min: number | string = CODE_MIN, max: number | string = CODE_MAX): string {
  return `只能包含字母、数字、下划线或短横线，${min}-${max}位`;
}
export function isCode(value: unknown, min = CODE_MIN, max = CODE_MAX): boolean {
  return blank(value) || codePattern(min, max).test(text(value));
}

/** Codes that name things in the system (menus, roles, dictionaries): a letter, then letters, digits or underscore, 2 to 50 long. */
export const EN_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;
export const EN_CODE_MESSAGE = '只能包含字母、数字或下划线，以字母开头，2-50位';
export function isEnCode(value: unknown): boolean {
  return blank(value) || EN_CODE_RE.test(text(value));
}

/** Sign-in accounts: a letter or digit, then letters, digits, `_`, `.`, `@` or `-`; 2 to 50 long. */
export const ACCOUNT_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]{1,49}$/;
export const ACCOUNT_MESSAGE = '只能包含字母、数字、下划线、点、@或短横线，2-50位';
export function isAccount(value: unknown): boolean {
  return blank(value) || ACCOUNT_RE.test(text(value));
}

/** Space numbers: letters, digits or `-` (no underscore), 1 to 20 long. */
export const SPACE_NO_RE = /^[A-Za-z0-9-]{1,20}$/;
export const SPACE_NO_MESSAGE = '只能包含字母、数字或短横线，1-20位';
export function isSpaceNo(value: unknown): boolean {
  return blank(value) || SPACE_NO_RE.test(text(value));
}

/** Button permission codes: `entity:action`. */
export const BUTTON_CODE_RE = /^[A-Za-z][A-Za-z0-9_]*:[A-Za-z][A-Za-z0-9_]*$/;
export const BUTTON_CODE_MESSAGE = '按钮编码格式应为 实体:操作';
export function isButtonCode(value: unknown): boolean {
  return blank(value) || BUTTON_CODE_RE.test(text(value));
}

/** IPv4 addresses, each part 0 to 255. */
export const IPV4_RE = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export const IPV4_MESSAGE = 'IP地址格式不正确';
export function isIPv4(value: unknown): boolean {
  return blank(value) || IPV4_RE.test(text(value));
}

/*
 * Messages of the form rules every field has: required, number ranges, and the one toast of a form
 * that cannot be submitted. One wording everywhere: the server says `${title}不能为空` and
 * `${title}必须是0到500之间的整数` (server/resource), the pages say the same beside the field.
 */

/** A required field left empty: `停车场名称不能为空`; without a plain label, `此项不能为空`. */
export function requiredMessage(label?: unknown): string {
  const plain = typeof label === 'string' && label.trim() && !label.includes('${') && !label.includes('<') ? label.trim() : '此项';
  return `${plain}不能为空`;
}

/**
 * A number outside its range, or not whole where it must be: `必须是1到500之间的整数`,
 * `必须是不小于0的整数`, `必须是不大于6的数字`; a title in front when shown away from the field.
 */
export function numberRangeMessage(opts: { min?: number; max?: number; integer?: boolean; title?: string }): string {
  const { min, max, integer = false, title = '' } = opts;
  const kind = integer ? '整数' : '数字';
  if (min !== undefined && max !== undefined) return `${title}必须是${min}到${max}之间的${kind}`;
  if (min !== undefined) return `${title}必须是不小于${min}的${kind}`;
  if (max !== undefined) return `${title}必须是不大于${max}的${kind}`;
  return `${title}必须是${kind}`;
}

/** The toast of a form whose fields do not pass, instead of amis's 依赖的部分字段没有通过验证: the messages are beside the fields. */
export const FORM_INVALID_MESSAGE = '有字段填写不正确，请按字段下方的提示修改';
