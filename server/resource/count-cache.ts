import { type Expression, type SqlBool, sql } from 'kysely';
import type { AnyDb, Eb } from './spec.ts';

/**
 * The totals of list pages, remembered until their table changes. Counting is most of a list's
 * cost (a page of 6,238 spaces costs half what their count does) and an operator pages through one
 * filter many times. Migration 010 bumps `table_change.version` in every transaction that writes a
 * listed table; a total is kept with the version it was counted at, and the version is read in the
 * same statement as a page's rows, so a remembered total is used only while it is exactly as new as
 * the rows beside it. A filter that reads another table (a subquery) is always counted.
 */

const LIMIT = 1000;

/** Read beside a page's rows: the table's change version, null when the table is not versioned. */
export const versionOf = (table: string) =>
  sql<number | null>`(select version from table_change where name = ${snake(table)})`.as('listVersion');

function snake(camel: string): string {
  return camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export class CountCache {
  private readonly totals = new Map<string, { version: number; n: number }>();

  /**
   * The total of `where` over `table`: remembered when `seenVersion` (read with the page) is the
   * version it was counted at, else counted now with the version in the same statement.
   */
  async total(db: AnyDb, table: string, where: (eb: Eb) => Expression<SqlBool>, seenVersion: number | null | undefined): Promise<number> {
    const count = db
      .selectFrom(table)
      .where(where)
      .select((eb) => [eb.fn.countAll<number>().as('n'), versionOf(table)]);
    const compiled = count.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const cached = this.totals.get(key);
    if (cached && seenVersion != null && cached.version === Number(seenVersion)) return cached.n;
    const { n, listVersion } = (await count.executeTakeFirstOrThrow()) as { n: number; listVersion: number | null };
    if (listVersion != null && !readsAnotherTable(compiled.sql)) this.remember(key, { version: Number(listVersion), n: Number(n) });
    return Number(n);
  }

  private remember(key: string, entry: { version: number; n: number }) {
    this.totals.delete(key);
    this.totals.set(key, entry);
    // the oldest first: a Map iterates in insertion order
    if (this.totals.size > LIMIT) this.totals.delete(this.totals.keys().next().value!);
  }
}

/** The count statement reads only its table and table_change (two selects); anything more is a join or subquery. */
function readsAnotherTable(text: string): boolean {
  return (text.match(/\bselect\b/gi) ?? []).length > 2 || /\bjoin\b/i.test(text);
}
