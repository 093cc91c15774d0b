import { resolve } from 'node:path';
import { parseOriginList, SITE_ORIGIN_SETTINGS, type SiteOrigins } from '../domain/site-origins.ts';

/**
 * The server's configuration, read and checked once at start-up (main.ts) and handed to buildApp;
 * no other module reads process.env. A bad value stops the start with a message naming the variable.
 */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL to use instead of the embedded PGlite */
  databaseUrl?: string;
  /** PGlite folder; 'memory' = in memory */
  dataDir: string;
  distDir: string;
  /** a per-site page bundle served before pages-json/ */
  sitePages?: string;
  /** other origins the site's pages may call (SITE_API_ORIGINS) and show images from (SITE_IMAGE_ORIGINS) */
  siteOrigins: SiteOrigins;
  /** proxy /api to the platform's server instead of the reference one */
  apiTarget?: string;
  /** device heartbeat simulator period; 0 = off */
  heartbeatMs: number;
  /** the charging simulator: on/off, tick period, chance per tick that an idle connector starts a session (%), minutes without meter progress before a session is abnormal */
  simCharging: boolean;
  chargingSimMs: number;
  chargingSimStartPercent: number;
  chargingSimMishaps: boolean;
  chargingStallMinutes: number;
  /** days of charging history seeded at the first start */
  chargingHistoryDays: number;
  /** days of parking order history seeded at the first start (90 ≈ 108,000 orders) */
  seedOrderDays: number;
  /** traffic simulator (entries and exits at the lanes) period; 0 = off */
  simTrafficMs: number;
  /** arrears job period (unpaid exits past the policy's delay become debts; scheduled notices go out); 0 = off */
  arrearsJobMs: number;
  /** public payments' sweep period (ask the provider about a lost notify after 30 s, close unpaid ones after 15 min); 0 = off */
  paySweepMs: number;
  /** coupon expiry job period (issued coupons past their validity become expired); 0 = off */
  couponJobMs: number;
  /** card status job period (EXPIRING ≤ 7 days, EXPIRED after the end); 0 = off */
  cardJobMs: number;
  /** the simulated pay channels' refunds: job period (0 = off), answer delay, failure and duplicate-answer chances (%) */
  refundSimMs: number;
  refundSimDelayMs: number;
  refundSimFailPercent: number;
  refundSimDuplicatePercent: number;
  /** seed the SMS sign-in switch on */
  smsLogin: boolean;
  /** SMS_OUTBOX: the file sign-in codes are written to (the reference server has no SMS gateway) */
  smsOutbox?: string;
  /** the log's form: JSON lines (default), short lines (`npm run dev`), or none */
  log: 'json' | 'pretty' | false;
  watchPages: boolean;
  /** the public address of the console (QR codes); else the request's host */
  publicUrl?: string;
  /** proxies whose X-Forwarded-* headers count: addresses or CIDRs, comma-separated */
  trustProxy: string[];
  /** per-address sign-in, captcha and SMS limits are this many times higher for loopback clients (test suites) */
  loopbackLimitFactor: number;
  /** consecutive failed sign-ins that lock an account, and for how many minutes */
  lockAfterFailures: number;
  lockMinutes: number;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    // the address may carry a password: the message shows its shape, never its secret
    throw new ConfigError(`${name} is not a URL (got "${raw.replace(/\/\/.*@/, '//***@')}")`);
  }
  if (!protocols.includes(u.protocol)) throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  return raw;
}

function logFormat(raw: string | undefined): ServerConfig['log'] {
  if (raw === undefined || raw === '' || raw === '1' || raw === 'true' || raw === 'json') return 'json';
  if (raw === 'pretty') return 'pretty';
  if (raw === '0' || raw === 'false' || raw === 'off') return false;
  throw new ConfigError(`LOG must be json, pretty or 0 (got "${raw}")`);
}

const flag = (v: string | undefined): boolean => v === '1' || v === 'true';

/** SITE_API_ORIGINS and SITE_IMAGE_ORIGINS: lists of origins the security policy lets pages reach. */
export function siteOriginsOf(env: NodeJS.ProcessEnv): SiteOrigins {
  const api = parseOriginList(env[SITE_ORIGIN_SETTINGS.api.setting], SITE_ORIGIN_SETTINGS.api.setting);
  const image = parseOriginList(env[SITE_ORIGIN_SETTINGS.image.setting], SITE_ORIGIN_SETTINGS.image.setting);
  const problems = [...api.problems, ...image.problems];
  if (problems.length) throw new ConfigError(problems.join('; '));
  return { api: api.origins, image: image.origins };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: env.DATA_DIR || '.data/',
    distDir: env.DIST_DIR || 'dist',
    sitePages: env.SITE_PAGES ? resolve(env.SITE_PAGES) : undefined,
    siteOrigins: siteOriginsOf(env),
    apiTarget: url(env, 'API_TARGET', ['http:', 'https:']),
    heartbeatMs: int(env, 'HEARTBEAT_MS', 10_000, 0, 86_400_000),
    simCharging: env.SIM_CHARGING !== '0' && env.SIM_CHARGING !== 'false',
    chargingSimMs: int(env, 'CHARGING_SIM_MS', 5000, 200, 3_600_000),
    chargingSimStartPercent: int(env, 'CHARGING_SIM_START', 3, 0, 100),
    chargingSimMishaps: env.CHARGING_SIM_MISHAPS !== '0' && env.CHARGING_SIM_MISHAPS !== 'false',
    chargingStallMinutes: int(env, 'CHARGING_STALL_MINUTES', 10, 1, 24 * 60),
    chargingHistoryDays: int(env, 'CHARGING_HISTORY_DAYS', 30, 0, 366),
    seedOrderDays: int(env, 'SEED_ORDER_DAYS', 90, 0, 400),
    simTrafficMs: env.SIM_TRAFFIC === '0' || env.SIM_TRAFFIC === 'false' ? 0 : int(env, 'SIM_TRAFFIC_MS', 15_000, 1000, 3_600_000),
    arrearsJobMs: int(env, 'ARREARS_JOB_MS', 60_000, 0, 86_400_000),
    paySweepMs: int(env, 'PAY_SWEEP_MS', 10_000, 0, 86_400_000),
    couponJobMs: int(env, 'COUPON_JOB_MS', 60_000, 0, 86_400_000),
    cardJobMs: int(env, 'CARD_JOB_MS', 60_000, 0, 86_400_000),
    refundSimMs: int(env, 'REFUND_SIM_MS', 5000, 0, 3_600_000),
    refundSimDelayMs: int(env, 'REFUND_SIM_DELAY_MS', 10_000, 0, 86_400_000),
    refundSimFailPercent: int(env, 'REFUND_SIM_FAIL_PERCENT', 10, 0, 100),
    refundSimDuplicatePercent: int(env, 'REFUND_SIM_DUPLICATE_PERCENT', 10, 0, 100),
    smsLogin: flag(env.SMS_LOGIN),
    smsOutbox: env.SMS_OUTBOX ? resolve(env.SMS_OUTBOX) : undefined,
    log: logFormat(env.LOG),
    watchPages: flag(env.PAGES_WATCH),
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    loopbackLimitFactor: int(env, 'LOOPBACK_LIMIT_FACTOR', 1, 1, 10_000),
    lockAfterFailures: int(env, 'LOCK_AFTER_FAILURES', 10, 1, 1000),
    lockMinutes: int(env, 'LOCK_MINUTES', 15, 1, 7 * 24 * 60),
  };
}
