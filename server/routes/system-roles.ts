import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { grantTree, grantValues, readGrantSet, roleGrants, writeGrants } from '../services/grants.ts';
import { pageResult, readPage, Where } from '../services/paging.ts';
import { type RoleRow, toRoleJson, validateRole } from '../services/roleModel.ts';
import { ADMIN_ROLE_CODE } from '../services/users.ts';

/**
 * /api/system/Role: roles and what each grants. The administrator role is fixed (code, status,
 * grants), so the console can never lock everyone out.
 */

type IdParams = { Params: { id: string } };
const ROLE_SELECT = `select r.*, (select count(*)::int from user_roles ur where ur.role_id = r.id) as user_count from roles r`;

async function roleRow(db: Db, id: string): Promise<RoleRow | undefined> {
  return (await db.query<RoleRow>(`${ROLE_SELECT} where r.id = $1`, [id])).rows[0];
}

function mapUnique(e: unknown): never {
  if ((e as { code?: string }).code === '23505') throw badRequest('角色编码已存在');
  throw e;
}

function registerGrantRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/Role/GrantTree', { config: { access: { menus: ['role'] } } }, async () => ok({ list: await grantTree(db) }));

  app.get<{ Params: { roleId: string } }>('/api/system/Role/:roleId/Menus', { config: { access: { menus: ['role'] } } }, async (req) => {
    if (!(await roleRow(db, req.params.roleId))) throw notFound();
    const g = await roleGrants(db, req.params.roleId);
    return ok({ ...g, grants: grantValues(g).join(',') });
  });

  // POST adds to the grants (the first menu API); PUT replaces them with exactly the body's set
  for (const replace of [false, true]) {
    const method = replace ? 'put' : 'post';
    app[method]<{ Params: { roleId: string } }>('/api/system/Role/:roleId/Menus', { config: { access: { buttons: ['role:edit'] } } }, async (req) => {
      const g = await readGrantSet(db, asInput(req.body));
      const role = await roleRow(db, req.params.roleId);
      if (!role) throw notFound();
      if (replace && role.en_code === ADMIN_ROLE_CODE) throw badRequest('超级管理员角色拥有全部权限，不能修改授权');
      await db.transaction(async (tx) => {
        await writeGrants(tx, role.id, g, replace);
        await writeOperLog(tx, req, {
          action: 'update', module: 'role', recordId: role.id,
          detail: `${replace ? '设置' : '追加'}授权 菜单${g.menuIds.length}项 按钮${g.buttonIds.length}项`,
        });
      });
      return ok(null, '授权成功');
    });
  }
}

export function registerRoleRoutes(app: FastifyInstance, db: Db): void {
  // the user screen lists roles for its filter and form, so either menu may read them
  const read = { config: { access: { menus: ['role', 'user'] } } };

  app.get('/api/system/Role', read, async (req) => {
    const q = asInput(req.query);
    const page = readPage(q);
    const w = new Where();
    const kw = Where.like(q, 'keyword', '关键字');
    if (kw) w.add('(r.full_name ilike ? or r.en_code ilike ?)', kw);
    const total = (await db.query<{ n: number }>(`select count(*)::int as n from roles r ${w.sql}`, w.params)).rows[0].n;
    const limit = w.limit(page);
    const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} ${w.sql} order by r.sort_code, r.en_code ${limit}`, w.params);
    return ok(pageResult(rows.map(toRoleJson), page, total));
  });

  app.get('/api/system/Role/Selector', read, async () => {
    const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} order by r.sort_code, r.en_code`);
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, status: r.status })) });
  });

  app.get<IdParams>('/api/system/Role/:id', { config: { access: { menus: ['role'] } } }, async (req) => {
    const row = await roleRow(db, req.params.id);
    if (!row) throw notFound();
    return ok(toRoleJson(row));
  });

  app.post('/api/system/Role', { config: { access: { buttons: ['role:add'] } } }, async (req) => {
    const body = asInput(req.body);
    const v = validateRole(body);
    const g = await readGrantSet(db, body);
    const id = newId('r');
    await db.transaction(async (tx) => {
      await tx
        .query('insert into roles (id, full_name, en_code, status, description, sort_code) values ($1, $2, $3, $4, $5, $6)', [
          id, v.fullName, v.enCode, v.status, v.description, v.sortCode,
        ])
        .catch(mapUnique);
      await writeGrants(tx, id, g, true);
      await writeOperLog(tx, req, { action: 'create', module: 'role', recordId: id, detail: `${v.enCode} ${v.fullName}` });
    });
    return ok({ id }, '新建成功');
  });

  app.put<IdParams>('/api/system/Role/:id', { config: { access: { buttons: ['role:edit'] } } }, async (req) => {
    const old = await roleRow(db, req.params.id);
    if (!old) throw notFound();
    const v = validateRole({ ...toRoleJson(old), ...asInput(req.body) });
    if (old.en_code === ADMIN_ROLE_CODE && (v.enCode !== old.en_code || v.status !== 1)) {
      throw badRequest('超级管理员角色的编码和状态不能修改');
    }
    await db.transaction(async (tx) => {
      await tx
        .query('update roles set full_name = $2, en_code = $3, status = $4, description = $5, sort_code = $6 where id = $1', [
          old.id, v.fullName, v.enCode, v.status, v.description, v.sortCode,
        ])
        .catch(mapUnique);
      const action = v.status !== old.status ? 'status' : 'update';
      await writeOperLog(tx, req, { action, module: 'role', recordId: old.id, detail: `${v.enCode} ${v.fullName}` });
    });
    return ok(null, '修改成功');
  });

  app.delete<IdParams>('/api/system/Role/:id', { config: { access: { buttons: ['role:delete'] } } }, async (req) => {
    const old = await roleRow(db, req.params.id);
    if (!old) throw notFound();
    if (old.en_code === ADMIN_ROLE_CODE) throw badRequest('超级管理员角色不能删除');
    await db.transaction(async (tx) => {
      await tx.query('delete from roles where id = $1', [old.id]);
      await writeOperLog(tx, req, { action: 'delete', module: 'role', recordId: old.id, detail: `${old.en_code} ${old.full_name}` });
    });
    return ok(null, '删除成功');
  });

  registerGrantRoutes(app, db);
}
