import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { ok } from '../lib/envelope.ts';
import { idParams, registerResource } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { passwordPair, samePassword, setPassword, setUserStatus, users } from '../entities/users.ts';
import type { SignInGuard } from '../services/sign-in/guard-plugin.ts';

/** /api/system/Permission/Users: the calls exactly as the spec names them. */

const PATH = users.spec.path;
const statusParams = Type.Object({ id: idParams.properties.id, status: f.oneOf('状态', [0, 1], '状态只能是0（禁用）或1（启用）') });
const resetBody = Type.Object({ id: Type.Optional(Type.String({ title: '用户ID', maxLength: 64 })), ...passwordPair });

export function registerUserRoutes(fastify: FastifyInstance, db: Db, guard: SignInGuard): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // options for other screens' selects: names only, so any signed-in user may read them
  app.get(`${PATH}/Selector`, { config: { access: 'login' } }, async () => {
    const rows = await db.kysely
      .selectFrom('users')
      .select(['id', 'account', 'realName'])
      .where('status', '=', 1)
      .orderBy('account')
      .execute();
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.realName ? `${r.realName}/${r.account}` : r.account })) });
  });

  // lot options for the user form: whoever manages users may not hold a parking menu
  app.get(`${PATH}/ParkingOptions`, { config: { access: { menus: ['user'] } } }, async () => {
    const rows = await db.kysely.selectFrom('parking').select(['id', 'parkingName']).orderBy('sortCode').orderBy('parkingCode').execute();
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.parkingName })) });
  });

  app.post(
    `${PATH}/updateStatus/:id/:status`,
    { schema: { params: statusParams, body: Type.Object({}) }, config: { access: { buttons: ['user:status', 'user:edit'] } } },
    async (req) => {
      await setUserStatus(db, req, req.params.id, req.params.status);
      return ok(null, req.params.status ? '启用成功' : '禁用成功');
    },
  );

  app.post(
    `${PATH}/:id/Actions/ResetPassword`,
    { schema: { params: idParams, body: resetBody }, config: { access: { buttons: ['user:resetPassword'] } } },
    async (req) => {
      await setPassword(db, req, req.params.id, samePassword(req.body), true);
      return ok(null, '重置密码成功');
    },
  );

  // a user locked by repeated sign-in failures (the list's `locked`) may sign in again at once
  app.post(
    `${PATH}/:id/Actions/Unlock`,
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: { buttons: ['user:unlock'] } } },
    async (req) => ok(null, (await guard.unlock(req, req.params.id)) ? '解锁成功' : '该账号未锁定，已清除其登录失败次数'),
  );

  registerResource(fastify, db, users);
}
