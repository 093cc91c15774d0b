import pg from 'pg';
import { ANYTHING, CHANGE_CHANNEL, type ChangeFeed, FeedBase } from './change-feed.ts';

/**
 * PostgreSQL: LISTEN on a connection of its own (a pooled one would be handed to queries, and
 * PgBouncer's transaction mode would drop it). When PostgreSQL goes away (a restart, a failover)
 * the connection is tried again with back-off, and once it listens again every screen is told
 * that anything may have changed.
 */

export interface PostgresFeedOptions {
  /** first and longest wait between attempts */
  retryMs?: number;
  maxRetryMs?: number;
  log?: (msg: string, e?: unknown) => void;
}

class PostgresFeed extends FeedBase implements ChangeFeed {
  private client: pg.Client | null = null;
  private closing = false;
  private timer: NodeJS.Timeout | undefined;
  private wait: number;
  private everListened = false;

  constructor(
    private readonly url: string,
    private readonly opts: Required<PostgresFeedOptions>,
  ) {
    super();
    this.wait = opts.retryMs;
  }

  /** Connects and listens; rejects on failure (the first attempt's caller decides), or schedules the next. */
  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let lost = false;
    const lose = (e?: unknown) => {
      if (lost || this.closing) return;
      lost = true;
      this.listening = false;
      this.client = null;
      this.opts.log('live: change listener lost, listening again shortly', e);
      void client.end().catch(() => {});
      this.retry();
    };
    client.on('notification', (n) => this.emit(n.payload || ANYTHING));
    client.on('error', lose);
    client.on('end', () => lose());
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch (e) {
      lost = true;
      await client.end().catch(() => {});
      throw e;
    }
    if (this.closing) {
      await client.end().catch(() => {});
      return;
    }
    const again = this.everListened;
    this.everListened = true;
    this.client = client;
    this.listening = true;
    this.wait = this.opts.retryMs;
    if (again) this.emit(ANYTHING);
  }

  retry(): void {
    if (this.closing) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.connect().catch(() => {
        this.wait = Math.min(this.wait * 2, this.opts.maxRetryMs);
        this.retry();
      });
    }, this.wait).unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.listening = false;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => {});
  }
}

/** Listens at once; when PostgreSQL is not there yet, keeps trying in the background. */
export async function postgresFeed(databaseUrl: string, opts: PostgresFeedOptions = {}): Promise<ChangeFeed> {
  const feed = new PostgresFeed(databaseUrl, { retryMs: 1000, maxRetryMs: 10_000, log: () => {}, ...opts });
  await feed.connect().catch((e) => {
    opts.log?.('live: change listener not connected yet', e);
    feed.retry();
  });
  return feed;
}
