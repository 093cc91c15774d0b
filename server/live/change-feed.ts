import type { PGlite } from '@electric-sql/pglite';

/**
 * What changed in the database, as table names (migration 025: every write to a versioned table
 * NOTIFYs `table_change` with the table's name at commit). The big screens recompute what reads
 * a changed table; a listener that was lost and is back says `ANYTHING`, since writes may have been
 * missed meanwhile.
 */

export const CHANGE_CHANNEL = 'table_change';
export const ANYTHING = '*';

export type ChangeListener = (table: string) => void;

export interface ChangeFeed {
  subscribe(fn: ChangeListener): () => void;
  /** false while the listening connection is lost (the screens still refresh on their period) */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** The subscribers' side, shared by both kinds of feed. */
export class FeedBase {
  private readonly listeners = new Set<ChangeListener>();
  listening = false;

  subscribe(fn: ChangeListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  protected emit(table: string): void {
    for (const fn of this.listeners) fn(table);
  }
}

/**
 * PGlite: one process owns the data, and PGlite's own `listen` hears the NOTIFYs of its one
 * backend (PostgreSQL delivers a session's notifications to itself).
 */
export async function pgliteFeed(pglite: PGlite): Promise<ChangeFeed> {
  const feed = new (class extends FeedBase implements ChangeFeed {
    stop: (() => Promise<void>) | null = null;
    hear = (table: string) => this.emit(table);
    async close() {
      this.listening = false;
      await this.stop?.().catch(() => {});
    }
  })();
  feed.stop = await pglite.listen(CHANGE_CHANNEL, feed.hear);
  feed.listening = true;
  return feed;
}

/** A feed that never says anything (the page checker, a database stand-in): screens refresh on their period. */
export function silentFeed(): ChangeFeed {
  return { subscribe: () => () => {}, listening: false, close: async () => {} };
}
