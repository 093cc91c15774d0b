import { join } from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Database, type Db, type DbTarget, type SeedOptions, openDatabase, ownFolder } from './db/database.ts';
import { claimFolder } from './db/backup-control.ts';
import { migrate } from './db/migrate.ts';
import { heartbeatJob } from './jobs/device-heartbeat.ts';
import { startJobs } from './jobs/leader.ts';
import { fillHistoryLater, installHistoryProgress } from './seed/history-later.ts';
import { offerNewSeedEntries } from './seed/new-entries.ts';
import { installAuth } from './lib/auth.ts';
import { frameworkErrors, installErrorHandling, installJsonParser } from './lib/errors.ts';
import { installIdempotency } from './lib/idempotency.ts';
import { registerPublicRoutes } from './routes/public.ts';
import { registerPdaRoutes } from './routes/pda.ts';
import { offerDemoAccounts } from './seed/demo-accounts.ts';
import { installInputGuard } from './lib/input-guard.ts';
import { amapConfigured, inlineScriptHashes, installSecurityHeaders } from './lib/security-headers.ts';
import type { SiteOrigins } from '../domain/site-origins.ts';
import { DEFAULT_PAGE_BUNDLES, type PageBundle, REPO_DIR, registerStatic, SITE_PAGES_PREFIX } from './lib/static.ts';
import { registerDocsRoute } from './routes/docs.ts';
import { registerMenuRoutes } from './routes/system-menus.ts';
import { registerOauthRoutes } from './routes/oauth.ts';
import { createSmsOutbox, type SmsOutbox } from './services/sms-outbox.ts';
import { registerParkingRoutes } from './routes/parking.ts';
import { createFileStore, registerUploadRoutes } from './routes/upload.ts';
import { registerDictRoutes } from './routes/system-dict.ts';
import { registerFeeRoutes } from './routes/fee-rules.ts';
import { registerLogRoutes } from './routes/system-logs.ts';
import { registerRoleRoutes } from './routes/system-roles.ts';
import { registerToolsRoutes } from './routes/system-tools.ts';
import { registerUserRoutes } from './routes/system-users.ts';
import { typeboxValidatorCompiler } from './resource/validation.ts';
import { seedIfEmpty } from './seed/index.ts';
import { installSignInGuard, signInSweepJob } from './services/sign-in/guard-plugin.ts';
import type { SignInLimits } from './services/sign-in/limit-policy.ts';
import { type Progress, SILENT } from './seed/progress.ts';
import { merchants } from './entities/merchants.ts';
import { registerChargingRoutes } from './routes/charging.ts';
import { type ChargingSimOptions, chargingSimJob } from './jobs/charging-sim.ts';
import { registerResource } from './resource/define.ts';
import { parkingOrders } from './entities/parking-orders.ts';
import { registerOrderActionRoutes } from './routes/order-actions.ts';
import { registerOrderDetailRoutes } from './routes/order-details.ts';
import { trafficSimJob } from './jobs/traffic-sim.ts';
import { arrearsJob } from './jobs/arrears.ts';
import { paySweepJob } from './jobs/pay-sweep.ts';
import { couponExpiryJob } from './jobs/coupon-expiry.ts';
import { registerCouponRoutes } from './routes/coupons.ts';
import { cardStatusJob } from './jobs/card-status.ts';
import { arrearsRecords } from './entities/arrears-records.ts';
import { arrearsNotices } from './entities/arrears-notices.ts';
import { registerArrearsRoutes } from './routes/arrears.ts';
import { registerCardRoutes } from './routes/cards.ts';
import { type LogOptions, REQUEST_ID_HEADER, loggingOptions } from './lib/logger.ts';
import { installClosingConnections } from './lib/graceful.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerFinanceReportRoutes } from './routes/finance-reports.ts';
import { registerDashboardRoutes } from './routes/dashboard.ts';
import { registerStudioRoutes } from './routes/studio.ts';
import { installSitePageSource, reconcileSitePages } from './studio/site-page-source.ts';
import type { StudioBundles } from './studio/save-page.ts';
import { collectApiRoutes } from './studio/route-list.ts';
import { registerRefundRoutes } from './routes/refunds.ts';
import { REFUND_CHANNEL_OFF, type RefundChannelOptions, refundChannelJob } from './refunds/channel-sim.ts';
import { type LiveOptions, registerLive } from './live/index.ts';
import { registerActivityRoute } from './live/activity-route.ts';
import { registerLaneEntryRoute } from './routes/lane-entry.ts';

export interface BuildAppOptions {
  /** Where the data lives: `{ databaseUrl }` (PostgreSQL) or `{ dataDir }` (PGlite; default in memory). */
  database?: DbTarget;
  /** An already opened, migrated and seeded database (tests share one); buildApp does not close it. */
  db?: Database;
  /** Where uploads are kept (`<dir>/uploads`; `memory` or absent: in memory): DATA_DIR, whatever the database is. */
  uploadsDir?: string;
  /** Built front end served at `/` (default: <repo>/dist). */
  distDir?: string;
  /** Page bundles, in order; default: the repo's pages-json at /pages-json/. */
  pageBundles?: PageBundle[];
  /** the log (lib/logger.ts createLogger); none when absent (tests) */
  logger?: LogOptions;
  /** Development: stream page-file changes at /__pages-events. */
  watchPages?: boolean;
  /** Device heartbeat simulator period in ms; 0 or undefined = off. */
  heartbeatMs?: number;
  /** First-start seed: the SMS sign-in switch. */
  smsLogin?: boolean;
  /** the file the sign-in codes are written to (services/sms-outbox.ts); none: they are not sent */
  smsOutbox?: string;
  /** PUBLIC_URL: the origin printed into QR codes */
  publicUrl?: string;
  /** SITE_API_ORIGINS, SITE_IMAGE_ORIGINS: other origins the security policy lets pages reach */
  siteOrigins?: SiteOrigins;
  /** proxies (addresses, CIDRs) whose X-Forwarded-* headers are believed; none by default */
  trustProxy?: string[];
  /** the sign-in limits and lock (default SIGN_IN_LIMITS in services/sign-in/limit-policy.ts); tests use shorter ones */
  signInLimits?: Partial<SignInLimits>;
  /** the charging simulator (SIM_CHARGING, CHARGING_SIM_MS, …); off when absent */
  chargingSim?: ChargingSimOptions;
  /** First-start seed: days of charging history (default 30) */
  chargingHistoryDays?: number;
  /** First-start seed: days of parking order history (default 90; SEED_ORDER_DAYS) */
  seedOrderDays?: number;
  /** a new PGlite folder gets its order history after the server answers (seed/history-later.ts), not before */
  historyAfterStart?: boolean;
  /** traffic simulator period in ms (entries and exits at the lanes); 0 or undefined = off */
  simTrafficMs?: number;
  /** arrears job period in ms (debts after the policy's delay, scheduled notices); 0 or undefined = off */
  arrearsJobMs?: number;
  /** public payments' sweep period in ms (jobs/pay-sweep.ts); 0 or undefined = off */
  paySweepMs?: number;
  /** coupon expiry job period in ms (issued coupons past their validity become expired); 0 or undefined = off */
  couponJobMs?: number;
  /** card status job period in ms; 0 or undefined = off */
  cardJobMs?: number;
  /** the pay channels' refund answers (REFUND_SIM_*); off when absent (tests settle refunds themselves) */
  refundChannel?: RefundChannelOptions;
  /** the big screens' push: its gaps (default one second after a change, ten without) */
  live?: Omit<LiveOptions, 'databaseUrl'>;
}

/** Opens, migrates and (when empty) seeds a database; `progress` hears each step (a first start prints them). */
export async function prepareDatabase(target: DbTarget = {}, seed: SeedOptions = {}, progress: Progress = SILENT): Promise<Database> {
  progress.step('creating the database');
  const db = await openDatabase(target, seed);
  progress.step('tables');
  await migrate(db);
  await seedIfEmpty(db, seed, progress);
  // a database seeded by an older version gets the menu entries, buttons and dictionaries added since
  await offerNewSeedEntries(db);
  await offerDemoAccounts(db);
  return db;
}

/**
 * Registers every /api route on `app`. Registration reads nothing from the database, so the page
 * checker can list the routes with a database that is never opened.
 */
export async function registerApi(
  app: FastifyInstance,
  db: Db,
  opts: {
    dataDir?: string;
    signInLimits?: Partial<SignInLimits>;
    databaseUrl?: string;
    smsOutbox?: SmsOutbox;
    pageBundles?: PageBundle[];
    live?: Omit<LiveOptions, 'databaseUrl'>;
  } = {},
): Promise<void> {
  app.setValidatorCompiler(typeboxValidatorCompiler);
  const apiRoutes = collectApiRoutes(app); // the page studio checks a page's APIs against them
  registerDocsRoute(app);
  registerToolsRoutes(app); // before the routes it describes
  installAuth(app, db, { databaseUrl: opts.databaseUrl });
  installInputGuard(app); // after the token check: a stranger learns nothing about input rules
  installIdempotency(app, db);
  const guard = await installSignInGuard(app, db, opts.signInLimits);
  registerOauthRoutes(app, db, guard, opts.smsOutbox ?? createSmsOutbox());
  registerParkingRoutes(app, db);
  registerMenuRoutes(app, db);
  await registerUploadRoutes(app, db, createFileStore(opts.dataDir));
  registerDictRoutes(app, db);
  registerUserRoutes(app, db, guard);
  registerRoleRoutes(app, db);
  registerLogRoutes(app, db);
  registerResource(app, db, merchants);
  registerFeeRoutes(app, db);
  registerChargingRoutes(app, db);
  registerResource(app, db, parkingOrders);
  registerOrderDetailRoutes(app, db);
  registerOrderActionRoutes(app, db);
  registerResource(app, db, arrearsRecords);
  registerResource(app, db, arrearsNotices);
  registerArrearsRoutes(app, db);
  registerRefundRoutes(app, db);
  registerCouponRoutes(app, db);
  registerCardRoutes(app, db);
  registerPublicRoutes(app, db, guard.limits);
  registerPdaRoutes(app, db);
  registerFinanceReportRoutes(app, db);
  registerDashboardRoutes(app, db);
  registerLive(app, db, { ...opts.live, databaseUrl: opts.databaseUrl });
  registerActivityRoute(app, db, guard.limits);
  registerLaneEntryRoute(app, db);
  registerStudioRoutes(app, db, studioBundles(opts.pageBundles ?? DEFAULT_PAGE_BUNDLES, apiRoutes));
}

/** The studio saves to the site bundle (SITE_PAGES) and resolves fragments through every bundle. */
function studioBundles(bundles: PageBundle[], routes: StudioBundles['routes'] = []): StudioBundles {
  return { siteDir: bundles.find((b) => b.urlPrefix === SITE_PAGES_PREFIX)?.dir, dirs: bundles.map((b) => b.dir), routes };
}

/** What a first start seeds, from the server's options. */
export function seedOptionsOf(opts: BuildAppOptions): SeedOptions {
  const target = opts.database ?? {};
  // only a folder of this server's own: PostgreSQL may be shared by instances, memory is for tests
  const folder = ownFolder(target) !== null;
  return {
    smsLogin: opts.smsLogin,
    chargingHistoryDays: opts.chargingHistoryDays,
    orderDays: opts.seedOrderDays,
    history: opts.historyAfterStart && folder ? 'later' : 'now',
  };
}

/** The reference server: database, every route, background jobs and the static front end; does not listen. */
export async function buildApp(opts: BuildAppOptions = {}): Promise<{ app: FastifyInstance; db: Database }> {
  const target = opts.database ?? {};
  // npm run db:backup / db:restore learn that this server has the PGlite folder open (db/backup-control.ts)
  const folder = opts.db ? null : ownFolder(target);
  const claim = folder ? claimFolder(folder) : null;
  const db = opts.db ?? (await prepareDatabase(target, seedOptionsOf(opts)));

  const app = Fastify({
    ...loggingOptions(opts.logger),
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  });
  app.decorate('publicUrl', opts.publicUrl);
  if (!opts.db)
    app.addHook('onClose', async () => {
      await db.close();
      claim?.release();
    });
  installRequestId(app);
  installClosingConnections(app);
  // a connection PostgreSQL ended outside any query: the requests and jobs that need one say more
  if (!opts.db) db.onConnectionLost = (e) => app.log.warn({ err: e }, 'database connection lost');
  installJsonParser(app);
  await app.register(formbody);
  installErrorHandling(app, Boolean(opts.logger));
  const distDir = opts.distDir ?? join(REPO_DIR, 'dist');
  await installSecurityHeaders(app, {
    amap: amapConfigured(distDir),
    siteOrigins: opts.siteOrigins,
    inlineScripts: inlineScriptHashes(distDir),
  });
  await registerApi(app, db, {
    dataDir: opts.uploadsDir ?? ('dataDir' in target ? target.dataDir : undefined),
    signInLimits: opts.signInLimits,
    databaseUrl: 'databaseUrl' in target ? target.databaseUrl : undefined,
    smsOutbox: createSmsOutbox(opts.smsOutbox),
    pageBundles: opts.pageBundles,
    live: opts.live,
  });
  const siteDir = studioBundles(opts.pageBundles ?? DEFAULT_PAGE_BUNDLES).siteDir;
  if (siteDir) {
    // pages saved from the studio: served from the database by every instance, the folder brought in line
    installSitePageSource(app, db, siteDir);
    await reconcileSitePages(db, siteDir).catch((e) => app.log.warn({ err: e }, 'site pages: could not bring the folder in line'));
  }
  // npm run db:backup asks the server that has the PGlite folder open for the dump
  if (claim && db.kind === 'pglite') claim.install(app, db);
  const jobs = [
    heartbeatJob(opts.heartbeatMs ?? 0),
    signInSweepJob(opts.signInLimits),
    chargingSimJob(opts.chargingSim ?? { everyMs: 0, startPercent: 0, stallMinutes: 10 }),
    trafficSimJob(opts.simTrafficMs ?? 0),
    arrearsJob(opts.arrearsJobMs ?? 0),
    paySweepJob(opts.paySweepMs ?? 0),
    couponExpiryJob(opts.couponJobMs ?? 0),
    cardStatusJob(opts.cardJobMs ?? 0),
    refundChannelJob(opts.refundChannel ?? REFUND_CHANNEL_OFF),
  ];
  // without a log (tests) only a job's failure is printed; an outage is a test's own business
  const stopJobs = startJobs(db, jobs, (level, msg, e) =>
    opts.logger ? app.log[level === 'error' ? 'error' : 'warn']({ err: e }, msg) : level === 'error' && console.error(msg, e),
  );
  // preClose runs before the onClose hook that closes the database
  app.addHook('preClose', stopJobs);
  if (!opts.db) {
    const history = await fillHistoryLater(db, (msg, e) => (e ? app.log.error({ err: e }, msg) : app.log.info(msg)));
    app.addHook('preClose', history.stop);
    installHistoryProgress(app, history);
  }
  await registerHealthRoutes(app, db, opts.pageBundles ?? DEFAULT_PAGE_BUNDLES);
  await registerStatic(app, { distDir: opts.distDir, pageBundles: opts.pageBundles, watchPages: opts.watchPages });
  return { app, db };
}

/** Every answer names its request (`x-request-id`): the console shows it in error notices, the log line has it. */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
