import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over PGlite. PGlite is one connection, so a connection is lent to one user at a time:
 * a transaction holds it from begin to commit, and plain queries queue behind it.
 * (The npm `kysely-pglite-dialect` does the same but pins PGlite ≤ 0.4.)
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = (): Driver => new PgliteDriver(this.pglite);
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
  createQueryCompiler = () => new PostgresQueryCompiler();
}

class PgliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PgliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise((r) => (release = r));
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    (conn as PgliteConnection).release?.();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PgliteConnection implements DatabaseConnection {
  release?: () => void;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    // a statement list without parameters (migrations) goes through exec, which allows several
    if (q.parameters.length === 0 && /;\s*\S/.test(q.sql)) {
      const results = await this.pglite.exec(q.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const r = await this.pglite.query<R>(q.sql, q.parameters as unknown[]);
    return { rows: r.rows, numAffectedRows: r.affectedRows === undefined ? undefined : BigInt(r.affectedRows) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}
