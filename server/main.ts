import proxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { installErrorHandling } from './lib/errors.ts';
import { pageBundlesFromEnv, registerStatic } from './lib/static.ts';

/**
 * CLI: PORT (8080; 0 = any free port), HOST (0.0.0.0), DATA_DIR (.data/; 'memory' = in memory),
 * DIST_DIR (dist), SITE_PAGES (optional page bundle folder), API_TARGET (proxy /api there, no DB).
 */
const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const distDir = env.DIST_DIR ?? 'dist';
const pageBundles = pageBundlesFromEnv(env);

async function proxyApp(target: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandling(app, false);
  await app.register(proxy, { upstream: target, prefix: '/api', rewritePrefix: '/api', config: { access: 'public' } });
  await registerStatic(app, { distDir, pageBundles, watchPages: env.PAGES_WATCH === '1' });
  return app;
}

async function main(): Promise<void> {
  const app = env.API_TARGET
    ? await proxyApp(env.API_TARGET)
    : (await buildApp({ dataDir: env.DATA_DIR ?? '.data/', distDir, pageBundles, logger: env.LOG === '1', watchPages: env.PAGES_WATCH === '1' })).app;
  await app.listen({ port, host });
  const addr = app.server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : port;
  console.log(`Console ready at http://localhost:${actualPort}/`);
  console.log('admin / admin123 (every menu and button)');
  console.log('operator / operator123 (a realistic subset)');
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
