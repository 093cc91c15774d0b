import type { Db } from '../db/database.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, ok } from '../lib/envelope.ts';
import { asInput, type Input, isBlank, optString } from '../lib/fields.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { pageResult, readPage, Where } from '../services/paging.ts';

/** /api/system/Log/oper and /api/system/Log/login: search the operation and sign-in logs, export them as CSV. */

const ACTIONS = ['create', 'update', 'delete', 'status', 'export', 'login'];
const EXPORT_LIMIT = 10_000;

interface OperRow { id: number; user_id: string | null; account: string; action: string; module: string; record_id: string; detail: string; ip: string; created_at: Date }
interface LoginRow { id: number; account: string; success: boolean; reason: string; ip: string; user_agent: string; created_at: Date }

/** A time bound: epoch milliseconds or anything Date parses ('2024-05-01 08:00:00'). */
function readTime(v: unknown, label: string): Date | undefined {
  if (isBlank(v)) return undefined;
  const s = String(v).trim();
  const d = /^\d{10,13}$/.test(s) ? new Date(Number(s.length === 10 ? `${s}000` : s)) : new Date(s.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) throw badRequest(`${label}格式不正确`);
  return d;
}

function commonFilter(q: Input, w: Where): void {
  const account = Where.like(q, 'account', '账号');
  if (account) w.add('account ilike ?', account);
  const start = readTime(q.startTime, '开始时间');
  if (start) w.add('created_at >= ?', start);
  const end = readTime(q.endTime, '结束时间');
  if (end) w.add('created_at <= ?', end);
  const ip = optString(q.ip, 'IP', 64);
  if (ip) w.add('ip = ?', ip);
}

function operFilter(q: Input): Where {
  const w = new Where();
  commonFilter(q, w);
  const action = optString(q.action, '操作类型', 10);
  if (action && !ACTIONS.includes(action)) throw badRequest('操作类型不正确');
  if (action) w.add('action = ?', action);
  const module = optString(q.module, '模块', 50);
  if (module) w.add('module = ?', module);
  const recordId = optString(q.recordId, '记录ID', 64);
  if (recordId) w.add('record_id = ?', recordId);
  const kw = Where.like(q, 'keyword', '关键字');
  if (kw) w.add('detail ilike ?', kw);
  return w;
}

function loginFilter(q: Input): Where {
  const w = new Where();
  commonFilter(q, w);
  const success = optString(q.success, '结果', 5);
  if (success !== undefined && !['1', '0', 'true', 'false'].includes(success)) throw badRequest('登录结果筛选值不正确');
  if (success !== undefined) w.add('success = ?', success === '1' || success === 'true');
  return w;
}

const operJson = (r: OperRow) => ({
  id: r.id, userId: r.user_id, account: r.account, action: r.action, module: r.module,
  recordId: r.record_id, detail: r.detail, ip: r.ip, createTime: r.created_at.getTime(),
});
const loginJson = (r: LoginRow) => ({
  id: r.id, account: r.account, success: r.success ? 1 : 0, reason: r.reason, ip: r.ip, userAgent: r.user_agent, createTime: r.created_at.getTime(),
});

const csvCell = (v: unknown): string => {
  // a leading = + - @ would run as a formula in a spreadsheet
  const s = String(v ?? '').replace(/^[=+\-@]/, "'$&");
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

interface LogKind<R> { table: string; menu: string; button: string; filter: (q: Input) => Where; json: (r: R) => Record<string, unknown>; header: [string, string][] }

function registerLog<R>(app: FastifyInstance, db: Db, path: string, k: LogKind<R>): void {
  app.get(path, { config: { access: { menus: [k.menu] } } }, async (req) => {
    const q = asInput(req.query);
    const page = readPage(q);
    const w = k.filter(q);
    const total = (await db.query<{ n: number }>(`select count(*)::int as n from ${k.table} ${w.sql}`, w.params)).rows[0].n;
    const limit = w.limit(page);
    const { rows } = await db.query<R>(`select * from ${k.table} ${w.sql} order by id desc ${limit}`, w.params);
    return ok(pageResult(rows.map(k.json), page, total));
  });

  app.get(`${path}/Actions/Export`, { config: { access: { buttons: [k.button] } } }, async (req: FastifyRequest, reply) => {
    const w = k.filter(asInput(req.query));
    const { rows } = await db.query<R>(`select * from ${k.table} ${w.sql} order by id desc limit ${EXPORT_LIMIT}`, w.params);
    const lines = [k.header.map(([, title]) => title).join(','), ...rows.map((r) => {
      const j = k.json(r);
      return k.header.map(([key]) => csvCell(key === 'createTime' ? new Date(Number(j[key])).toISOString() : j[key])).join(',');
    })];
    await writeOperLog(db, req, { action: 'export', module: k.table, detail: `导出${rows.length}条` });
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${k.table}.csv"`);
    return `\uFEFF${lines.join('\r\n')}`;
  });
}

export function registerLogRoutes(app: FastifyInstance, db: Db): void {
  registerLog<OperRow>(app, db, '/api/system/Log/oper', {
    table: 'oper_log', menu: 'operLog', button: 'operLog:export', filter: operFilter, json: operJson,
    header: [['createTime', '时间'], ['account', '账号'], ['action', '操作'], ['module', '模块'], ['recordId', '记录'], ['detail', '内容'], ['ip', 'IP']],
  });
  registerLog<LoginRow>(app, db, '/api/system/Log/login', {
    table: 'login_log', menu: 'loginLog', button: 'loginLog:export', filter: loginFilter, json: loginJson,
    header: [['createTime', '时间'], ['account', '账号'], ['success', '成功'], ['reason', '原因'], ['ip', 'IP'], ['userAgent', '浏览器']],
  });
}
