import proxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, installRequestId } from './app.ts';
import { appOptionsOf } from './app-options.ts';
import { ConfigError, type ServerConfig, readConfig } from './config.ts';
import { frameworkErrors, installErrorHandling } from './lib/errors.ts';
import { installClosingConnections, stopOnSignals } from './lib/graceful.ts';
import { type LogOptions, createLogger, loggingOptions } from './lib/logger.ts';
import { warnOnOldNode } from './lib/node-version.ts';
import { amapConfigured, installSecurityHeaders } from './lib/security-headers.ts';
import { type PageBundle, pageBundlesOf, registerStatic } from './lib/static.ts';

/** CLI entry: the configuration (server/config.ts, README's table) is read here, once. */

async function proxyApp(config: ServerConfig, target: string, pageBundles: PageBundle[], logger?: LogOptions): Promise<FastifyInstance> {
  const app = Fastify({ ...loggingOptions(logger), frameworkErrors });
  installRequestId(app);
  installClosingConnections(app);
  installErrorHandling(app, Boolean(logger));
  await installSecurityHeaders(app, { amap: amapConfigured(config.distDir), siteOrigins: config.siteOrigins });
  await app.register(proxy, { upstream: target, prefix: '/api', rewritePrefix: '/api', config: { access: 'public' } });
  await registerStatic(app, { distDir: config.distDir, pageBundles, watchPages: config.watchPages });
  return app;
}

async function main(): Promise<void> {
  warnOnOldNode();
  const config = readConfig();
  const pageBundles = pageBundlesOf(config.sitePages);
  const logger = config.log ? createLogger(config.log) : undefined;
  const app = config.apiTarget
    ? await proxyApp(config, config.apiTarget, pageBundles, logger)
    : (await buildApp(appOptionsOf(config, pageBundles, logger))).app;
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : config.port;
  // with a log, these lines are log lines too (one format on stdout)
  const say = logger ? (line: string) => app.log.info(line) : (line: string) => console.log(line);
  say(`Console ready at http://localhost:${actualPort}/`);
  say('admin / admin123 (every menu and button)');
  say('operator / operator123 (a realistic subset)');
  say('finance / finance123 (refund review, cards, finance reports)');
  say('collector / collector123 (the kerbside handheld: /scan.html#/pdaScanQrcode)');
  stopOnSignals(app);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration: ${err.message}` : err);
  process.exit(1);
});
