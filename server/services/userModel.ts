import { badRequest } from '../lib/envelope.ts';
import { type Input, isBlank, optEnum, optString, reqString, stringList } from '../lib/fields.ts';
import { isMd5Hex } from '../lib/password.ts';

/** Users of the console: row ↔ JSON and validation of a create/update body. */

export interface UserRow {
  id: string;
  account: string;
  real_name: string;
  phone: string;
  email: string;
  status: number;
  create_time: Date;
  last_modify_time: Date | null;
  role_ids: string[] | null;
  role_names: string[] | null;
  parking_ids: string[] | null;
}

/** The spec's phone rule (same message as the form); an empty phone is allowed. */
export const USER_PHONE_RE = /^1[345789]\d{9}$/;
const ACCOUNT_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]{1,49}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 13510236781 → 135****6781; anything that is not 11 digits is kept unmasked but shortened. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone.replace(/.(?=.{4})/g, '*');
}

export function toUserJson(r: UserRow) {
  return {
    id: r.id,
    account: r.account,
    realName: r.real_name,
    // the selector and other screens read fullName
    fullName: r.real_name ? `${r.real_name}/${r.account}` : r.account,
    phone: r.phone,
    phoneMasked: maskPhone(r.phone),
    email: r.email,
    status: r.status,
    enabledMark: r.status,
    roleIds: r.role_ids ?? [],
    roleNames: r.role_names ?? [],
    parkingIds: r.parking_ids ?? [],
    createTime: r.create_time.getTime(),
    lastModifyTime: r.last_modify_time ? r.last_modify_time.getTime() : null,
  };
}

export type UserJson = ReturnType<typeof toUserJson>;

/** Validates the full set of values (for an update: the stored user with the body laid over it). */
export function validateUser(b: Input) {
  const account = reqString(b.account, '账号', 50);
  if (!ACCOUNT_RE.test(account)) throw badRequest('账号只能包含字母、数字、下划线、点、@或短横线，2-50位');
  const phone = optString(b.phone, '手机号码', 11) ?? '';
  if (phone && !USER_PHONE_RE.test(phone)) throw badRequest('请输入正确的电话号码');
  const email = optString(b.email, '电子邮箱', 100) ?? '';
  if (email && !EMAIL_RE.test(email)) throw badRequest('请输入正确的电子邮箱');
  const status = optEnum(isBlank(b.status) ? b.enabledMark : b.status, [0, 1], '状态只能是0（禁用）或1（启用）') ?? 1;
  return {
    account,
    realName: reqString(b.realName, '姓名', 50),
    phone,
    email,
    status,
    roleIds: stringList(b.roleIds, '角色'),
    parkingIds: stringList(b.parkingIds, '可见车场'),
  };
}

export type UserValues = ReturnType<typeof validateUser>;

/** The reset / initial password pair: both MD5 hex (the browser hashes), equal. */
export function validatePasswordPair(b: Input): string {
  if (isBlank(b.userPassword)) throw badRequest('新密码不能为空');
  if (isBlank(b.validatePassword)) throw badRequest('确认密码不能为空');
  if (!isMd5Hex(b.userPassword) || !isMd5Hex(b.validatePassword)) throw badRequest('密码格式不正确');
  if (b.userPassword.toLowerCase() !== b.validatePassword.toLowerCase()) throw badRequest('两次输入的密码不一致');
  return b.userPassword.toLowerCase();
}
