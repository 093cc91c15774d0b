import { badRequest } from '../lib/envelope.ts';
import { type Input, isBlank, optEnum, optInt, optString, reqString } from '../lib/fields.ts';

/** Roles: row ↔ JSON and validation. */

export interface RoleRow {
  id: string;
  full_name: string;
  en_code: string;
  status: number;
  description: string;
  sort_code: number;
  create_time: Date;
  user_count?: number;
}

const CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;

export const toRoleJson = (r: RoleRow) => ({
  id: r.id,
  fullName: r.full_name,
  enCode: r.en_code,
  status: r.status,
  enabledMark: r.status,
  description: r.description,
  sortCode: r.sort_code,
  userCount: r.user_count ?? 0,
  createTime: r.create_time.getTime(),
});

export function validateRole(b: Input) {
  const enCode = reqString(b.enCode, '角色编码', 50);
  if (!CODE_RE.test(enCode)) throw badRequest('角色编码只能包含字母、数字或下划线，以字母开头，2-50位');
  return {
    fullName: reqString(b.fullName, '角色名称', 50),
    enCode,
    status: optEnum(isBlank(b.status) ? b.enabledMark : b.status, [0, 1], '状态只能是0（停用）或1（启用）') ?? 1,
    description: optString(b.description, '描述', 200) ?? '',
    sortCode: optInt(b.sortCode, '排序码必须是整数') ?? 0,
  };
}
