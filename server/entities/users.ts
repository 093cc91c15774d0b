import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import Type from 'typebox';
import { ACCOUNT_MESSAGE, ACCOUNT_RE, maskPhone } from '../../domain/field-rules.ts';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { hashPassword } from '../lib/password.ts';
import { type Row, defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { ADMIN_ROLE } from './roles.ts';

/**
 * 用户: who signs in to the console, with their roles and the lots they may see (none = all).
 * At least one enabled administrator always remains; nobody disables or deletes their own account.
 */

const LAST_ADMIN = { del: '不能删除最后一个启用的管理员', disable: '不能禁用最后一个启用的管理员', edit: '至少保留一个启用的管理员' };

/** The new password twice, as the browser hashes them. */
export const passwordPair = { userPassword: f.password('新密码'), validatePassword: f.password('确认密码') };

/** The pair's password (lower-case MD5 hex), when both are the same. */
export function samePassword(v: { userPassword?: unknown; validatePassword?: unknown }): string {
  const [a, b] = [String(v.userPassword).toLowerCase(), String(v.validatePassword).toLowerCase()];
  if (a !== b) throw badRequest('两次输入的密码不一致');
  return a;
}

/** Run inside the transaction after a change: refuses it when no enabled administrator is left. */
async function assertAdminRemains(tx: Db, msg: string): Promise<void> {
  const { n } = await tx.kysely
    .selectFrom('users as u')
    .innerJoin('userRoles as ur', 'ur.userId', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('u.status', '=', 1)
    .where('r.status', '=', 1)
    .where('r.enCode', '=', ADMIN_ROLE.code)
    .executeTakeFirstOrThrow();
  if (n === 0) throw badRequest(msg);
}

/** A disabled or deleted user's sessions end at once, not when their tokens expire (`keep`: the caller's own). */
async function endSessions(tx: Db, userId: string, keep = ''): Promise<void> {
  await tx.kysely.deleteFrom('tokens').where('userId', '=', userId).where('token', '<>', keep).execute();
}

export const users = defineResource({
  table: 'users',
  path: '/api/system/Permission/Users',
  idPrefix: 'u',
  module: 'user',
  fields: {
    account: Type.String({
      title: '账号',
      maxLength: 50,
      pattern: ACCOUNT_RE.source,
      'x-msg': `账号${ACCOUNT_MESSAGE}`,
    }),
    realName: f.text('姓名', 50),
    phone: f.phone('手机号码'),
    email: f.email('电子邮箱'),
    status: f.oneOf('启用状态', [0, 1], '启用状态只能是0（禁用）或1（启用）', { default: 1 }),
  },
  required: ['account', 'realName', 'userPassword', 'validatePassword'],
  links: {
    roleIds: {
      title: '角色',
      table: 'userRoles',
      from: 'userId',
      to: 'roleId',
      target: { table: 'roles', missing: '角色不存在', orderBy: ['sortCode', 'enCode'], names: { as: 'roleNames', column: 'fullName' } },
    },
    parkingIds: {
      title: '可见车场',
      table: 'userParking',
      from: 'userId',
      to: 'parkingId',
      target: { table: 'parking', missing: '停车场不存在' },
    },
  },
  // the first password comes with the new user; later ones through reset or the user's own change
  inputs: passwordPair,
  createOnly: Object.keys(passwordPair),
  unique: [{ fields: ['account'], msg: '账号已存在' }],
  filters: {
    keyword: filter.keyword(['account', 'realName', 'phone']),
    status: filter.eq('status', f.int('状态', { max: 1, msg: '状态筛选值不正确' }), ['enabledMark']),
    roleId: {
      schema: Type.String({ title: '角色', maxLength: 64 }),
      where: (eb, roleId: string) =>
        eb.exists(
          eb
            .selectFrom('userRoles')
            .select('userRoles.roleId')
            .whereRef('userRoles.userId', '=', 'users.id')
            .where('userRoles.roleId', '=', roleId),
        ),
    },
  },
  derived: {
    // locked by repeated sign-in failures until then (services/sign-in/account-locks.ts); null = not locked
    lockedUntil: (eb, self) =>
      eb
        .selectFrom('loginAttempts')
        .select('loginAttempts.lockedUntil')
        .whereRef('loginAttempts.account', '=', `${self}.account`)
        .where('loginAttempts.lockedUntil', '>', sql<Date>`now()`)
        .$asScalar(),
  },
  orderBy: [
    ['createTime', 'desc'],
    ['account', 'asc'],
  ],
  access: {
    list: { menus: ['user'] },
    create: { buttons: ['user:add'] },
    update: { buttons: ['user:edit'] },
    delete: { buttons: ['user:delete'] },
  },
  describe: (v) => `${v.account} ${v.realName}`,
  check(v) {
    if (v.userPassword !== undefined) samePassword(v);
  },
  toJson: ({ passwordHash: _, ...r }: Row) => ({
    ...r,
    // the selector and other screens name a user so
    fullName: r.realName ? `${r.realName}/${r.account}` : r.account,
    phoneMasked: maskPhone(r.phone),
    locked: r.lockedUntil != null,
  }),
  toColumns: (v, all) => (all.userPassword === undefined ? v : { ...v, passwordHash: hashPassword(samePassword(all)) }),
  effects: {
    async update({ tx, req, id, values }) {
      if (values.status !== 1) {
        if (id === req.auth!.userId) throw badRequest('不能禁用当前登录的账号');
        await endSessions(tx, id);
      }
      await assertAdminRemains(tx, LAST_ADMIN.edit);
    },
    async delete({ tx, req, id }) {
      if (id === req.auth!.userId) throw badRequest('不能删除当前登录的账号');
      // their tokens go with them (on delete cascade)
      await assertAdminRemains(tx, LAST_ADMIN.del);
    },
  },
});

/** Enables (1) or disables (0) a user; a disabled user is signed out at once. */
export async function setUserStatus(db: Db, req: FastifyRequest, id: string, status: number): Promise<void> {
  if (status === 0 && id === req.auth!.userId) throw badRequest('不能禁用当前登录的账号');
  await db.transaction(async (tx) => {
    const row = await tx.kysely
      .updateTable('users')
      .set({ status, lastModifyTime: sql`now()` })
      .where('id', '=', id)
      .returning('account')
      .executeTakeFirst();
    if (!row) throw notFound();
    if (status === 0) {
      await assertAdminRemains(tx, LAST_ADMIN.disable);
      await endSessions(tx, id);
    }
    await writeOperLog(tx, req, { action: 'status', module: 'user', recordId: id, detail: `${row.account} ${status ? '启用' : '禁用'}` });
  });
}

/**
 * Sets a user's password: an administrator's reset (`reset`) or the user's own change. Either way
 * every other session of that user ends (whoever knew the old password, or holds a stolen token,
 * is signed out); the caller keeps this one.
 */
export async function setPassword(db: Db, req: FastifyRequest, id: string, md5: string, reset: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.kysely
      .updateTable('users')
      .set({ passwordHash: hashPassword(md5), lastModifyTime: sql`now()` })
      .where('id', '=', id)
      .returning('account')
      .executeTakeFirst();
    if (!row) throw notFound();
    await endSessions(tx, id, req.auth!.token);
    await writeOperLog(tx, req, { action: 'update', module: 'user', recordId: id, detail: reset ? `${row.account} 重置密码` : '修改密码' });
  });
}
