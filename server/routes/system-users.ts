import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput, isBlank, optInt, optString } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { hashPassword } from '../lib/password.ts';
import { pageResult, readPage, Where } from '../services/paging.ts';
import { toUserJson, type UserRow, validatePasswordPair, validateUser } from '../services/userModel.ts';
import { assertAccountFree, assertAdminRemains, endSessions, getUser, saveUserLinks, USER_SELECT } from '../services/users.ts';

/** /api/system/Permission/Users: the calls exactly as the spec names them. */

const LAST_ADMIN = { del: '不能删除最后一个启用的管理员', disable: '不能禁用最后一个启用的管理员', edit: '至少保留一个启用的管理员' };
const access = (buttons: string[]) => ({ config: { access: { buttons } } });
type IdParams = { Params: { id: string } };

function listFilter(raw: unknown): Where {
  const q = asInput(raw);
  const w = new Where();
  const kw = Where.like(q, 'keyword', '关键字');
  if (kw) w.add('(u.account ilike ? or u.real_name ilike ? or u.phone ilike ?)', kw);
  const status = optInt(isBlank(q.enabledMark) ? q.status : q.enabledMark, '状态筛选值不正确');
  if (status !== undefined) w.add('u.status = ?', status);
  const roleId = optString(q.roleId, '角色', 64);
  if (roleId) w.add('exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = ?)', roleId);
  return w;
}

export function registerUserRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/Permission/Users', { config: { access: { menus: ['user'] } } }, async (req) => {
    const page = readPage(asInput(req.query));
    const w = listFilter(req.query);
    const total = (await db.query<{ n: number }>(`select count(*)::int as n from users u ${w.sql}`, w.params)).rows[0].n;
    const limit = w.limit(page);
    const { rows } = await db.query<UserRow>(`${USER_SELECT} ${w.sql} order by u.create_time desc, u.account ${limit}`, w.params);
    return ok(pageResult(rows.map(toUserJson), page, total));
  });

  // options for other screens' selects: names only, so any signed-in user may read them
  app.get('/api/system/Permission/Users/Selector', { config: { access: 'login' } }, async () => {
    const { rows } = await db.query<{ id: string; account: string; real_name: string }>(
      'select id, account, real_name from users where status = 1 order by account',
    );
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.real_name ? `${r.real_name}/${r.account}` : r.account })) });
  });

  // lot options for the user form: whoever manages users may not hold a parking menu
  app.get('/api/system/Permission/Users/ParkingOptions', { config: { access: { menus: ['user'] } } }, async () => {
    const { rows } = await db.query<{ id: string; parking_name: string }>('select id, parking_name from parking order by sort_code, parking_code');
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.parking_name })) });
  });

  app.get<IdParams>('/api/system/Permission/Users/:id', { config: { access: { menus: ['user'] } } }, async (req) => {
    const row = await getUser(db, req.params.id);
    if (!row) throw notFound();
    return ok(toUserJson(row));
  });

  app.post('/api/system/Permission/Users', access(['user:add']), async (req) => {
    const body = asInput(req.body);
    const v = validateUser(body);
    const password = validatePasswordPair(body);
    const id = newId('u');
    await db.transaction(async (tx) => {
      await assertAccountFree(tx, v.account);
      await tx.query(
        'insert into users (id, account, real_name, phone, email, status, password_hash) values ($1, $2, $3, $4, $5, $6, $7)',
        [id, v.account, v.realName, v.phone, v.email, v.status, hashPassword(password)],
      );
      await saveUserLinks(tx, id, v);
      await writeOperLog(tx, req, { action: 'create', module: 'user', recordId: id, detail: `${v.account} ${v.realName}` });
    });
    return ok({ id }, '新建成功');
  });

  app.put<IdParams>('/api/system/Permission/Users/:id', access(['user:edit']), async (req) => {
    const old = await getUser(db, req.params.id);
    if (!old) throw notFound();
    const body = asInput(req.body);
    const v = validateUser({ ...toUserJson(old), ...body, status: body.status ?? body.enabledMark ?? old.status });
    if (v.status !== 1 && old.id === req.auth!.userId) throw badRequest('不能禁用当前登录的账号');
    await db.transaction(async (tx) => {
      await assertAccountFree(tx, v.account, old.id);
      await tx.query(
        'update users set account = $2, real_name = $3, phone = $4, email = $5, status = $6, last_modify_time = now() where id = $1',
        [old.id, v.account, v.realName, v.phone, v.email, v.status],
      );
      await saveUserLinks(tx, old.id, v);
      await assertAdminRemains(tx, LAST_ADMIN.edit);
      if (v.status !== 1) await endSessions(tx, old.id);
      await writeOperLog(tx, req, { action: 'update', module: 'user', recordId: old.id, detail: `${v.account} ${v.realName}` });
    });
    return ok(null, '修改成功');
  });

  app.delete<IdParams>('/api/system/Permission/Users/:id', access(['user:delete']), async (req) => {
    if (req.params.id === req.auth!.userId) throw badRequest('不能删除当前登录的账号');
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ account: string; real_name: string }>('delete from users where id = $1 returning account, real_name', [req.params.id]);
      if (!rows[0]) throw notFound();
      await assertAdminRemains(tx, LAST_ADMIN.del);
      // tokens go with the user (on delete cascade)
      await writeOperLog(tx, req, { action: 'delete', module: 'user', recordId: req.params.id, detail: `${rows[0].account} ${rows[0].real_name}` });
    });
    return ok(null, '删除成功');
  });

  app.post<{ Params: { id: string; status: string } }>(
    '/api/system/Permission/Users/updateStatus/:id/:status',
    access(['user:status', 'user:edit']),
    async (req) => {
      const status = optInt(req.params.status, '状态只能是0（禁用）或1（启用）');
      if (status !== 0 && status !== 1) throw badRequest('状态只能是0（禁用）或1（启用）');
      if (status === 0 && req.params.id === req.auth!.userId) throw badRequest('不能禁用当前登录的账号');
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ account: string }>(
          'update users set status = $2, last_modify_time = now() where id = $1 returning account',
          [req.params.id, status],
        );
        if (!rows[0]) throw notFound();
        if (status === 0) {
          await assertAdminRemains(tx, LAST_ADMIN.disable);
          await endSessions(tx, req.params.id);
        }
        await writeOperLog(tx, req, { action: 'status', module: 'user', recordId: req.params.id, detail: `${rows[0].account} ${status ? '启用' : '禁用'}` });
      });
      return ok(null, status ? '启用成功' : '禁用成功');
    },
  );

  app.post<IdParams>('/api/system/Permission/Users/:id/Actions/ResetPassword', access(['user:resetPassword']), async (req) => {
    const password = validatePasswordPair(asInput(req.body));
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ account: string }>(
        'update users set password_hash = $2, last_modify_time = now() where id = $1 returning account',
        [req.params.id, hashPassword(password)],
      );
      if (!rows[0]) throw notFound();
      // whoever knew the old password is signed out; an administrator resetting their own keeps this session
      await tx.query('delete from tokens where user_id = $1 and token <> $2', [req.params.id, req.auth!.token]);
      await writeOperLog(tx, req, { action: 'update', module: 'user', recordId: req.params.id, detail: `${rows[0].account} 重置密码` });
    });
    return ok(null, '重置密码成功');
  });
}
