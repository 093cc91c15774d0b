import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import type { Access } from '../lib/auth.ts';

/** GET /api/docs: a plain HTML list of the API routes and what each needs (the 接口文档 menu). */
export function registerDocsRoute(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const routes: { method: string; url: string; access: string }[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.method === 'HEAD') return;
    const a = r.config?.access as Access | undefined;
    const access =
      a === undefined ? '' : typeof a === 'string' ? a : [...(a.menus ?? []).map((m) => `菜单 ${m}`), ...(a.buttons ?? [])].join(' / ');
    routes.push({ method: String(r.method), url: r.url, access });
  });
  const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  app.get('/api/docs', { config: { access: 'public' } }, async (_req, reply) => {
    const rows = routes
      .map((r) => `<tr><td>${esc(r.method)}</td><td><code>${esc(r.url)}</code></td><td>${esc(r.access)}</td></tr>`)
      .join('\n');
    reply.type('text/html; charset=utf-8');
    // an empty icon: the browser asks for no /favicon.ico (a 404 in the console)
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>接口文档</title><link rel="icon" href="data:,">
<style>body{font-family:sans-serif;margin:24px}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left}</style>
</head><body><h1>接口文档</h1><p>所有接口返回 <code>{ code, msg, data }</code>；请求头 <code>Authorization: Bearer &lt;token&gt;</code>。</p>
<table><thead><tr><th>方法</th><th>路径</th><th>权限</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
  });
}
