import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { CONTROL_FILE } from './backup-control.ts';
import { PgliteDialect } from './pglite-dialect.ts';
import type { Tables } from './tables.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The one database handle of the server, the same over PGlite (embedded, default) and a real
 * PostgreSQL (`DATABASE_URL`). Two faces on one connection source:
 * - `kysely`: the typed query builder with camelCase names (`parkingCode` ↔ `parking_code`);
 * - `query(text, params)`: plain SQL with `$n` parameters and snake_case rows, for what the builder
 *   says less clearly (reports, recursive trees, bulk seed).
 * A transaction hands its callback a `Db` with both faces bound to the transaction.
 */
export interface Db {
  readonly kysely: Kysely<Tables>;
  /** `rowCount`: the rows an insert, update or delete touched (a guarded write checks it), else the rows answered */
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs `fn` in a transaction; inside one already, `fn` joins it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Database extends Db {
  readonly kind: 'pglite' | 'postgres';
  readonly pglite?: PGlite;
  /** PostgreSQL: hears a connection lost outside any query (an outage); the server logs it */
  onConnectionLost?: (e: unknown) => void;
  close(): Promise<void>;
}

/** What a first start seeds (seed/index.ts): the SMS sign-in switch, days of order and charging history. */
export interface SeedOptions {
  smsLogin?: boolean;
  orderDays?: number;
  chargingHistoryDays?: number;
  /** 'later': the order history is left to the server, which seeds it after it answers (seed/history-later.ts) */
  history?: 'now' | 'later';
}

/** PostgreSQL, or PGlite in a folder / in memory, optionally started from a dump (test template). */
export type DbTarget = { databaseUrl: string } | { dataDir?: string; loadDataDir?: Blob; firstStartDone?: boolean };

class Handle implements Db {
  private readonly raw: Kysely<Tables>;

  constructor(
    readonly kysely: Kysely<Tables>,
    private readonly inTransaction: boolean,
  ) {
    this.raw = kysely.withoutPlugins();
  }

  async query<R>(text: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    const r = await this.raw.executeQuery<R>(CompiledQuery.raw(text, [...params]));
    // PGlite counts a select's rows as none affected: whichever is larger is the statement's count
    return { rows: r.rows as R[], rowCount: Math.max(r.rows.length, Number(r.numAffectedRows ?? 0)) };
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    return this.kysely.transaction().execute((trx: Transaction<Tables>) => fn(new Handle(trx, true)));
  }
}

class RootHandle extends Handle implements Database {
  /** the PGlite instance, when embedded (tests dump it as a template) */
  pglite?: PGlite;
  onConnectionLost?: (e: unknown) => void;

  constructor(
    kysely: Kysely<Tables>,
    readonly kind: 'pglite' | 'postgres',
  ) {
    super(kysely, false);
  }

  close(): Promise<void> {
    return this.kysely.destroy();
  }
}

// PostgreSQL answers bigint (count(*), sums) as text unless told; the server's sums fit in 2^53
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * PostgreSQL connections that survive an outage (server/db/outage.ts): a request waits at most
 * CONNECT_TIMEOUT_MS for a connection, then answers 503; a statement that runs away or a
 * transaction left open by a lost client ends on the server's side.
 */
export const CONNECT_TIMEOUT_MS = 1500;
const STATEMENT_TIMEOUT_MS = 120_000;
const PG_SESSION = `-c TimeZone=UTC -c statement_timeout=${STATEMENT_TIMEOUT_MS} -c idle_in_transaction_session_timeout=60000`;

function postgresPool(databaseUrl: string, lost: (e: unknown) => void): pg.Pool {
  // every session in UTC, as PGlite is, so dates and times read the same on both
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: PG_SESSION,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // a connection whose peer vanished without a word (a failover behind a virtual address) is
    // found by TCP keep-alive, and no answer is awaited longer than the statement may run
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    query_timeout: STATEMENT_TIMEOUT_MS + 5000,
  });
  // A connection that PostgreSQL ends (restart, failover) emits 'error'; unheard, it ends the
  // process. An idle one reaches the pool's 'error'; one in use (checked out, between the
  // statements of a transaction) only its own: both are heard here. Its query fails by itself,
  // the pool drops the connection and opens a new one when PostgreSQL is back.
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

// a demo-sized buffer pool: PGlite's default 128 MB sits in this process's memory
const PGLITE_CONF = ['shared_buffers=32MB'];

/** A folder the server would create and seed on its first start (absent or empty; the server's control file, written before, does not count). */
export const isFreshFolder = (dir: string): boolean => !existsSync(dir) || readdirSync(dir).every((name) => name === CONTROL_FILE);

/** The PGlite folder this target names, or null (PostgreSQL, which instances may share, or memory, for tests). */
export const ownFolder = (target: DbTarget): string | null =>
  'dataDir' in target && target.dataDir && target.dataDir !== 'memory' ? target.dataDir : null;

function firstStartCommand(dir: string, seed: SeedOptions): string[] {
  mkdirSync(dir, { recursive: true });
  const script = fileURLToPath(new URL('./first-start.ts', import.meta.url));
  return ['--import', 'tsx', script, dir, JSON.stringify(seed)];
}

/**
 * Creates, migrates and seeds a new PGlite folder in a short-lived child process (first-start.ts):
 * initdb's and the seed's working memory (some 500 MB) would otherwise stay with the server.
 */
function firstStartInChild(dir: string, seed: SeedOptions): void {
  const run = spawnSync(process.execPath, firstStartCommand(dir, seed), { cwd: REPO_ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`could not create the database in ${dir}`);
}

/** The same, without waiting: `npm start` creates the folder while it builds the console. */
export function firstStartBeside(dir: string, seed: SeedOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, firstStartCommand(dir, seed), { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`could not create the database in ${dir}`))));
  });
}

/** Opens PostgreSQL at `databaseUrl`, or PGlite in a folder (undefined / 'memory' = in memory). */
export async function openDatabase(target: DbTarget = {}, seed: SeedOptions = {}): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  if ('databaseUrl' in target) {
    let db: RootHandle | undefined = undefined;
    const pool = postgresPool(target.databaseUrl, (e) => db?.onConnectionLost?.(e));
    db = new RootHandle(new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins }), 'postgres');
    await db.query('select 1'); // fail at start-up, not at the first request, when the server is not there
    return db;
  }
  const dir = ownFolder(target);
  let pglite: PGlite;
  if (!dir) pglite = new PGlite({ ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}), postgresqlconf: PGLITE_CONF });
  else {
    if (isFreshFolder(dir) && !target.firstStartDone) firstStartInChild(dir, seed);
    pglite = new PGlite(dir, { postgresqlconf: PGLITE_CONF });
  }
  await pglite.waitReady;
  const db = new RootHandle(new Kysely<Tables>({ dialect: new PgliteDialect(pglite), plugins }), 'pglite');
  db.pglite = pglite;
  return db;
}
