import type { Db } from '../db/database.ts';
import { snake } from './totals-cache.ts';
import type { LotScope } from './lot-scope.ts';

/**
 * A list's totals kept by the writes themselves (a table of one row per lot, maintained by triggers
 * in the writing transaction: migration 016 for parking orders). An unfiltered list, or one narrowed
 * only by lot, adds up those rows instead of counting and summing its table: exact, and as cheap at a
 * million rows as at a hundred, however often the table changes (the totals cache helps only while
 * it does not). Any other filter is counted the ordinary way.
 */
export interface KeptTotals {
  /** the kept table: `<lot column>`, `<count column>` and one column per summary figure, in snake case */
  table: string;
  /** its lot column (the list's lot scope and lot filter narrow by it) */
  lotColumn: string;
  /** the list filter that names one lot (it may stand beside the kept totals) */
  lotFilter: string;
  /** the summary figure that is the row count (answered as the list's total too) */
  count: string;
}

/**
 * The total and summary figures of a list whose only narrowing is its lots, or null when anything
 * else filters it. `lotFilterValue` is the lot the query names, `scope` the caller's lots.
 */
export async function keptTotals(
  db: Db,
  kept: KeptTotals,
  figures: string[],
  lotFilterValue: unknown,
  scope: LotScope,
): Promise<{ total: number; summary: Record<string, number> }> {
  const named = lotFilterValue === undefined ? null : [String(lotFilterValue)];
  const lots = named && scope ? named.filter((id) => scope.includes(id)) : (named ?? scope);
  // names from the resource's spec, never from a request
  const sums = figures.map((name) => `coalesce(sum(${snake(name)}), 0)::float8 as "${name}"`).join(', ');
  const where = lots ? `where ${kept.lotColumn} = any($1::text[])` : '';
  const { rows } = await db.query<Record<string, number>>(`select ${sums} from ${kept.table} ${where}`, lots ? [lots] : []);
  const summary = Object.fromEntries(figures.map((name) => [name, Number(rows[0][name])]));
  return { total: summary[kept.count], summary };
}
