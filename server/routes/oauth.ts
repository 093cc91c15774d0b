import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { PASSWORD_HASH_RE } from '../../domain/field-rules.ts';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { tokenFromRequest } from '../lib/auth.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { f } from '../resource/fields.ts';
import { passwordPair, samePassword, setPassword } from '../entities/users.ts';
import { createCaptcha, createSmsCode, getConfig, SMS_TTL_SECONDS } from '../services/captcha.ts';
import type { SmsOutbox } from '../services/sms-outbox.ts';
import { login } from '../services/login.ts';
import type { SignInGuard } from '../services/sign-in/guard-plugin.ts';
import { loadUserAccess } from '../services/user-access.ts';

/** /api/oauth/*: sign-in, captcha, SMS switch and code, current user, logout, own password. */

const account = Type.String({ title: '账号', maxLength: 50, 'x-missing': '请输入账号' });
const optional = (title: string, maxLength: number) => Type.Optional(f.text(title, maxLength));

/** The sign-in form (form-encoded by the console; JSON accepted). */
const loginBody = Type.Object({
  account,
  // anything but an MD5 hex simply fails as a wrong password
  password: Type.String({ title: '密码', maxLength: 200, 'x-raw': true, 'x-missing': '请输入密码' }),
  code: optional('验证码', 16),
  timestamp: optional('验证码标识', 64),
  smsCode: optional('短信验证码', 16),
  rememberMe: Type.Optional(Type.Boolean({ title: '记住我', default: false })),
  origin: optional('登录方式', 20),
  grant_type: optional('授权类型', 20),
});
/** The platform's tenant slot in some paths; the reference server ignores it. */
const siteParams = Type.Object({ id: Type.String({ title: '站点', maxLength: 64 }) });
const configBody = Type.Object({ fkey: Type.String({ title: '配置项名称', maxLength: 64 }) });
const smsBody = Type.Object({ username: account });
const passwordBody = Type.Object({ id: Type.String({ title: '用户ID', maxLength: 64 }), ...passwordPair });

/** `guard`: the limits per client address run before the body is read, those per account in the handler. */
export function registerOauthRoutes(fastify: FastifyInstance, db: Db, guard: SignInGuard, sms: SmsOutbox): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const pub = { access: 'public' as const };
  const signedIn = { access: 'login' as const };

  app.post('/api/oauth/Login', { schema: { body: loginBody }, config: pub, onRequest: guard.loginPerAddress.hook }, async (req, reply) => {
    const b = req.body;
    const token = await login(db, req, reply, guard, {
      account: b.account,
      password: PASSWORD_HASH_RE.test(b.password) ? b.password : '',
      code: b.code,
      timestamp: b.timestamp,
      rememberMe: b.rememberMe ?? false,
      smsCode: b.smsCode,
      origin: b.origin,
    });
    return ok({ token: `Bearer ${token}` }, '登录成功');
  });

  app.post('/api/oauth/captcha', { schema: { body: Type.Object({}) }, config: pub, onRequest: guard.captchaPerAddress.hook }, async () =>
    ok(await createCaptcha(db)),
  );

  app.post('/api/oauth/getAconfig/:id', { schema: { params: siteParams, body: configBody }, config: pub }, async (req) => {
    const { fkey } = req.body;
    const value = await getConfig(db, fkey);
    if (value === undefined) throw badRequest(`配置项不存在: ${fkey}`);
    return ok({ fkey, value, enabled: value === '1' });
  });

  app.post(
    '/api/oauth/sentSmscode/:id',
    { schema: { params: siteParams, body: smsBody }, config: pub, onRequest: guard.smsPerAddress.hook },
    async (req, reply) => {
      const { username } = req.body;
      await guard.smsPerAccount.hit(req, reply);
      // the same answer for an unknown account: it tells nobody which accounts exist
      const user = await db.kysely.selectFrom('users').select('id').where('account', '=', username).executeTakeFirst();
      if (user) {
        const code = await createSmsCode(db, username);
        // an outbox that cannot be written is the operators' problem, told in the log without the
        // text; the caller gets the answer an unknown account gets
        await sms
          .send(username, `【停车管理平台】您的登录验证码是${code}，${SMS_TTL_SECONDS / 60}分钟内有效。`)
          .catch((e: NodeJS.ErrnoException) => req.log.error({ code: e.code, file: sms.file }, 'SMS outbox not written'));
      }
      return ok({ expiresIn: SMS_TTL_SECONDS }, '验证码已发送');
    },
  );

  app.get('/api/oauth/CurrentUser', { config: signedIn }, async (req) => {
    const auth = req.auth!;
    const u = await db.kysely
      .selectFrom('users')
      .select(['account', 'realName', 'avatar', 'phone', 'email'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const roles = await db.kysely
      .selectFrom('roles')
      .innerJoin('userRoles', 'userRoles.roleId', 'roles.id')
      .select(['roles.id', 'roles.fullName', 'roles.enCode'])
      .where('userRoles.userId', '=', auth.userId)
      .where('roles.status', '=', 1)
      .orderBy('roles.sortCode')
      .orderBy('roles.enCode')
      .execute();
    const access = await loadUserAccess(db, auth.userId);
    return ok({
      userId: auth.userId,
      userName: u.account,
      realName: u.realName,
      avatar: u.avatar,
      phone: u.phone,
      email: u.email,
      roles,
      buttonList: access.buttons,
      menuList: access.menuTree,
    });
  });

  // the session memories (lib/session-cache.ts) forget before the answer leaves
  app.get('/api/oauth/Logout', { config: { ...pub, changesSessions: true } }, async (req) => {
    const token = tokenFromRequest(req);
    if (token) await db.kysely.deleteFrom('tokens').where('token', '=', token).execute();
    return ok(null, '退出成功');
  });

  app.put('/api/oauth/updatePassword', { schema: { body: passwordBody }, config: signedIn }, async (req) => {
    if (req.body.id !== req.auth!.userId) throw badRequest('只能修改自己的密码');
    await setPassword(db, req, req.auth!.userId, samePassword(req.body), false);
    return ok(null, '修改成功');
  });
}
