import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * The totals of list pages (counts and summary sums), remembered until their table changes.
 * Counting is most of a list's cost (a page of 6,238 spaces costs half what their count does; the
 * order summary sums 100,000 rows) and an operator pages through one filter many times. Migration
 * 010 bumps `table_change.version` in every transaction that writes a listed table; an answer is
 * kept with the version it was computed at, and the version is read in the same statement as a
 * page's rows, so a remembered answer is used only while it is exactly as new as the rows beside
 * it. A query that reads another table (a subquery or join) is always run.
 */

const LIMIT = 1000;

/** Read beside a page's rows: the table's change version, null when the table is not versioned. */
export const versionOf = (table: string) =>
  sql<number | null>`(select version from table_change where name = ${snake(table)})`.as('listVersion');

/** A builder name's column or table (`parkingOrder` → `parking_order`). */
export function snake(camel: string): string {
  return camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Aggregate = SelectQueryBuilder<any, any, Record<string, unknown>>;

export class TotalsCache {
  private readonly answers = new Map<string, { version: number; row: Record<string, unknown> }>();

  /**
   * The one row of `query` (an aggregate over `table`): remembered when `seenVersion`, read with the
   * page, is the version it was computed at; else run now with the version in the same statement.
   */
  async row(query: Aggregate, table: string, seenVersion: unknown): Promise<Record<string, unknown>> {
    const versioned = query.select(versionOf(table));
    const compiled = versioned.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const cached = this.answers.get(key);
    if (cached && seenVersion != null && cached.version === Number(seenVersion)) return cached.row;
    const { listVersion, ...row } = await versioned.executeTakeFirstOrThrow();
    if (listVersion != null && !readsAnotherTable(compiled.sql)) this.remember(key, { version: Number(listVersion), row });
    return row;
  }

  private remember(key: string, entry: { version: number; row: Record<string, unknown> }) {
    this.answers.delete(key);
    this.answers.set(key, entry);
    // the oldest first: a Map iterates in insertion order
    if (this.answers.size > LIMIT) this.answers.delete(this.answers.keys().next().value!);
  }
}

/** The statement reads only its table and table_change (two selects); anything more is a join or subquery. */
function readsAnotherTable(text: string): boolean {
  return (text.match(/\bselect\b/gi) ?? []).length > 2 || /\bjoin\b/i.test(text);
}
