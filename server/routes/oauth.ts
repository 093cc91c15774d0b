import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { tokenFromRequest } from '../lib/auth.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { asInput, isBlank, optString } from '../lib/fields.ts';
import { hashPassword, isMd5Hex } from '../lib/password.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { createCaptcha, createSmsCode, getConfig, SMS_TTL_SECONDS } from '../services/captcha.ts';
import { login } from '../services/login.ts';
import { loadUserAccess } from '../services/menus.ts';

/** /api/oauth/*: sign-in, captcha, SMS switch and code, current user, logout, own password. */
export function registerOauthRoutes(app: FastifyInstance, db: Db): void {
  const pub = { config: { access: 'public' as const } };
  const login_ = { config: { access: 'login' as const } };

  app.post('/api/oauth/Login', pub, async (req) => {
    const b = asInput(req.body);
    const account = optString(b.account, '账号', 50);
    if (!account) throw badRequest('请输入账号');
    if (isBlank(b.password)) throw badRequest('请输入密码');
    const password = String(b.password);
    const token = await login(db, req, {
      account,
      password: isMd5Hex(password) ? password : '',
      code: optString(b.code, '验证码', 16),
      timestamp: optString(b.timestamp, '验证码标识', 64),
      rememberMe: String(b.rememberMe) === 'true' || b.rememberMe === true,
      smsCode: optString(b.smsCode, '短信验证码', 16),
    });
    return ok({ token: `Bearer ${token}` }, '登录成功');
  });

  app.post('/api/oauth/captcha', pub, async () => ok(await createCaptcha(db)));

  app.post('/api/oauth/getAconfig/:id', pub, async (req) => {
    const fkey = optString(asInput(req.body).fkey, '配置项名称', 64);
    if (!fkey) throw badRequest('配置项名称不能为空');
    const value = await getConfig(db, fkey);
    if (value === undefined) throw badRequest(`配置项不存在: ${fkey}`);
    return ok({ fkey, value, enabled: value === '1' });
  });

  app.post('/api/oauth/sentSmscode/:id', pub, async (req) => {
    const username = optString(asInput(req.body).username, '账号', 50);
    if (!username) throw badRequest('请输入账号');
    const { rows } = await db.query('select 1 from users where account = $1', [username]);
    if (rows.length) {
      const code = await createSmsCode(db, username);
      console.log(`[sms] code for ${username}: ${code}`);
    }
    return ok({ expiresIn: SMS_TTL_SECONDS }, '验证码已发送');
  });

  app.get('/api/oauth/CurrentUser', login_, async (req) => {
    const auth = req.auth!;
    const { rows } = await db.query<{ account: string; real_name: string; avatar: string; phone: string; email: string }>(
      'select account, real_name, avatar, phone, email from users where id = $1',
      [auth.userId],
    );
    const u = rows[0];
    const roles = await db.query<{ id: string; full_name: string; en_code: string }>(
      `select r.id, r.full_name, r.en_code from roles r join user_roles ur on ur.role_id = r.id
        where ur.user_id = $1 and r.status = 1 order by r.sort_code, r.en_code`,
      [auth.userId],
    );
    const access = await loadUserAccess(db, auth.userId);
    return ok({
      userId: auth.userId,
      userName: u.account,
      realName: u.real_name,
      avatar: u.avatar,
      phone: u.phone,
      email: u.email,
      roles: roles.rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code })),
      buttonList: access.buttons,
      menuList: access.menuTree,
    });
  });

  app.get('/api/oauth/Logout', pub, async (req) => {
    const token = tokenFromRequest(req);
    if (token) await db.query('delete from tokens where token = $1', [token]);
    return ok(null, '退出成功');
  });

  app.put('/api/oauth/updatePassword', login_, async (req) => {
    const b = asInput(req.body);
    const auth = req.auth!;
    if (isBlank(b.id)) throw badRequest('用户ID不能为空');
    if (String(b.id) !== auth.userId) throw badRequest('只能修改自己的密码');
    if (isBlank(b.userPassword)) throw badRequest('新密码不能为空');
    if (isBlank(b.validatePassword)) throw badRequest('确认密码不能为空');
    if (!isMd5Hex(b.userPassword) || !isMd5Hex(b.validatePassword)) throw badRequest('密码格式不正确');
    if (b.userPassword.toLowerCase() !== b.validatePassword.toLowerCase()) throw badRequest('两次输入的密码不一致');
    await db.transaction(async (tx) => {
      await tx.query('update users set password_hash = $1, last_modify_time = now() where id = $2', [
        hashPassword(String(b.userPassword)),
        auth.userId,
      ]);
      await writeOperLog(tx, req, { action: 'update', module: 'user', recordId: auth.userId, detail: '修改密码' });
    });
    return ok(null, '修改成功');
  });
}
