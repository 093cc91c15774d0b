import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { registerResource } from '../resource/define.ts';
import { ADMIN_ROLE, roles } from '../entities/roles.ts';
import { grantBody, grantTree, grantValues, readGrantSet, roleGrants, writeGrants } from '../services/grants.ts';

/** /api/system/Role: roles, and what each grants (a checkable tree of menus and their buttons). */

const PATH = roles.spec.path;
const roleParams = Type.Object({ roleId: Type.String({ title: '角色', maxLength: 64 }) });

const roleOf = (db: Db, id: string) => db.kysely.selectFrom('roles').select(['id', 'enCode']).where('id', '=', id).executeTakeFirst();

export function registerRoleRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(`${PATH}/Selector`, { config: { access: roles.spec.access.list } }, async () => {
    const rows = await db.kysely
      .selectFrom('roles')
      .select(['id', 'fullName', 'enCode', 'status'])
      .orderBy('sortCode')
      .orderBy('enCode')
      .execute();
    return ok({ list: rows });
  });

  app.get(`${PATH}/GrantTree`, { config: { access: { menus: ['role'] } } }, async () => ok({ list: await grantTree(db) }));

  app.get(`${PATH}/:roleId/Menus`, { schema: { params: roleParams }, config: { access: { menus: ['role'] } } }, async (req) => {
    if (!(await roleOf(db, req.params.roleId))) throw notFound();
    const g = await roleGrants(db, req.params.roleId);
    return ok({ ...g, grants: grantValues(g).join(',') });
  });

  // POST adds to the grants (the first menu API); PUT replaces them with exactly the body's set
  for (const replace of [false, true]) {
    app[replace ? 'put' : 'post'](
      `${PATH}/:roleId/Menus`,
      { schema: { params: roleParams, body: grantBody }, config: { access: { buttons: ['role:edit'] } } },
      async (req) => {
        const g = await readGrantSet(db, req.body);
        const role = await roleOf(db, req.params.roleId);
        if (!role) throw notFound();
        if (replace && role.enCode === ADMIN_ROLE.code) throw badRequest('超级管理员角色拥有全部权限，不能修改授权');
        await db.transaction(async (tx) => {
          await writeGrants(tx, role.id, g, replace);
          await writeOperLog(tx, req, {
            action: 'update',
            module: 'role',
            recordId: role.id,
            detail: `${replace ? '设置' : '追加'}授权 菜单${g.menuIds.length}项 按钮${g.buttonIds.length}项`,
          });
        });
        return ok(null, '授权成功');
      },
    );
  }

  registerResource(app, db, roles);
}
