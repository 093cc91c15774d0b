import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import type { UserRow, UserValues } from './userModel.ts';

/** User queries and the rules that hold across users: at least one enabled administrator. */

export const ADMIN_ROLE_CODE = 'admin';

/** Every user column the JSON needs, with role and lot ids gathered. */
export const USER_SELECT = `select u.id, u.account, u.real_name, u.phone, u.email, u.status, u.create_time, u.last_modify_time,
    (select array_agg(r.id order by r.sort_code, r.en_code) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as role_ids,
    (select array_agg(r.full_name order by r.sort_code, r.en_code) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as role_names,
    (select array_agg(up.parking_id order by up.parking_id) from user_parking up where up.user_id = u.id) as parking_ids
  from users u`;

export async function getUser(db: Db, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${USER_SELECT} where u.id = $1`, [id])).rows[0];
}

/** Run inside the transaction after a change: rolls it back when no enabled administrator is left. */
export async function assertAdminRemains(tx: Db, msg: string): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.status = 1 and r.status = 1 and r.en_code = $1`,
    [ADMIN_ROLE_CODE],
  );
  if (rows[0].n === 0) throw badRequest(msg);
}

/** A disabled or deleted user's sessions end at once, not when their tokens expire. */
export async function endSessions(tx: Db, userId: string): Promise<void> {
  await tx.query('delete from tokens where user_id = $1', [userId]);
}

export async function assertAccountFree(db: Db, account: string, exceptId = ''): Promise<void> {
  const { rows } = await db.query('select 1 from users where account = $1 and id <> $2', [account, exceptId]);
  if (rows.length) throw badRequest('账号已存在');
}

/** Replaces the user's roles and visible lots; unknown role or lot ids are refused. */
export async function saveUserLinks(tx: Db, userId: string, v: Pick<UserValues, 'roleIds' | 'parkingIds'>): Promise<void> {
  if (v.roleIds.length) {
    const { rows } = await tx.query<{ id: string }>('select id from roles where id = any($1::text[])', [v.roleIds]);
    const missing = v.roleIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw badRequest(`角色不存在: ${missing.join(',')}`);
  }
  if (v.parkingIds.length) {
    const { rows } = await tx.query<{ id: string }>('select id from parking where id = any($1::text[])', [v.parkingIds]);
    const missing = v.parkingIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw badRequest(`停车场不存在: ${missing.join(',')}`);
  }
  await tx.query('delete from user_roles where user_id = $1', [userId]);
  await tx.query('insert into user_roles (user_id, role_id) select $1, unnest($2::text[])', [userId, v.roleIds]);
  await tx.query('delete from user_parking where user_id = $1', [userId]);
  await tx.query('insert into user_parking (user_id, parking_id) select $1, unnest($2::text[])', [userId, v.parkingIds]);
}
