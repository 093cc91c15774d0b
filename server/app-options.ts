import { resolve } from 'node:path';
import type { BuildAppOptions } from './app.ts';
import type { LogOptions } from './lib/logger.ts';
import type { ServerConfig } from './config.ts';
import type { PageBundle } from './lib/static.ts';

/** The reference server's options from its configuration (server/config.ts): `npm start` and the CLI read them alike. */
export function appOptionsOf(config: ServerConfig, pageBundles?: PageBundle[], logger?: LogOptions): BuildAppOptions {
  return {
    database: config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    // on PostgreSQL too: the database holds the uploads' names, the folder their bytes
    uploadsDir: config.dataDir,
    distDir: config.distDir,
    pageBundles,
    logger,
    watchPages: config.watchPages,
    heartbeatMs: config.heartbeatMs,
    chargingSim: {
      everyMs: config.simCharging ? config.chargingSimMs : 0,
      startPercent: config.chargingSimStartPercent,
      stallMinutes: config.chargingStallMinutes,
      mishaps: config.chargingSimMishaps,
    },
    chargingHistoryDays: config.chargingHistoryDays,
    seedOrderDays: config.seedOrderDays,
    historyAfterStart: true,
    simTrafficMs: config.simTrafficMs,
    arrearsJobMs: config.arrearsJobMs,
    paySweepMs: config.paySweepMs,
    couponJobMs: config.couponJobMs,
    cardJobMs: config.cardJobMs,
    refundChannel: {
      everyMs: config.refundSimMs,
      delayMs: config.refundSimDelayMs,
      failPercent: config.refundSimFailPercent,
      duplicatePercent: config.refundSimDuplicatePercent,
    },
    smsLogin: config.smsLogin,
    // beside the data unless named; none for an in-memory database
    smsOutbox: config.smsOutbox ?? (config.dataDir === 'memory' ? undefined : resolve(config.dataDir, 'sms-outbox.txt')),
    publicUrl: config.publicUrl,
    siteOrigins: config.siteOrigins,
    trustProxy: config.trustProxy,
    signInLimits: {
      loopbackFactor: config.loopbackLimitFactor,
      lockAfterFailures: config.lockAfterFailures,
      lockMs: config.lockMinutes * 60_000,
    },
  };
}
