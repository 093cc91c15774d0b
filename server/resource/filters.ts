import Type, { type TSchema } from 'typebox';
import { type AliasableExpression, type Expression, type SqlBool, sql } from 'kysely';
import type { Derived, Eb, Filter, Row } from './spec.ts';

/** Ready-made list filters and derived answer columns for resource declarations. */

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, '\\$&');
const likeArg = (s: string): string => `%${escapeLike(s)}%`;

/** The value a query gives a filter (by its name or an alias), if any. */
export const valueOf = (q: Row, name: string, f: Filter): unknown =>
  [name, ...(f.aliases ?? [])].map((n) => q[n]).find((x) => x !== undefined && x !== null && x !== '');

/** Ready-made filters: equality on a column, or a keyword over several columns. */
export const filter = {
  eq: (column: string, schema: TSchema, aliases?: string[]): Filter => ({ schema, aliases, where: (eb, v) => eb(column, '=', v) }),
  /**
   * A keyword that is a number, matched exactly in any of `numbers`, or the start of a plate (an
   * index on `plate` with text_pattern_ops serves it); `more` adds conditions of the list's own.
   */
  numberOrPlate: (numbers: string[], plate: string, more: (eb: Eb, q: string) => Expression<SqlBool>[] = () => []): Filter => ({
    schema: Type.String({ title: '关键字', maxLength: 64 }),
    where: (eb, v: string) => {
      const q = v.trim().toUpperCase();
      return eb.or([...numbers.map((c) => eb(c, '=', q)), eb(plate, 'like', `${escapeLike(q)}%`), ...more(eb, q)]);
    },
  }),
  /** The value is one of an array column's (a lot among `parkingIds`, a plate among `plateNos`), after `normalize`. */
  contains: (column: string, schema: TSchema, normalize: (v: string) => string = (v) => v): Filter => ({
    schema,
    where: (_eb, v: string) => sql<SqlBool>`${normalize(v)} = any(${sql.ref(column)})`,
  }),
  keyword: (columns: string[], title = '关键字'): Filter => ({
    schema: Type.String({ title, maxLength: 100 }),
    where: (eb, v: string) => eb.or(columns.map((c) => eb(c, 'ilike', likeArg(v)))),
  }),
};

export const derive = {
  /** `column` (or an expression) of the `table` record that the row's `fk` names; `fallback` when there is none */
  lookup:
    (table: string, fk: string, column: string | ((eb: Eb) => AliasableExpression<unknown>), fallback?: unknown): Derived =>
    (eb, self) => {
      const one = eb
        .selectFrom(table)
        .select(typeof column === 'string' ? `${table}.${column}` : (e: Eb) => column(e).as('v'))
        .whereRef(`${table}.id`, '=', `${self}.${fk}`)
        .$asScalar();
      return fallback === undefined ? one : eb.fn.coalesce(one, eb.val(fallback));
    },
};

/**
 * A many-to-many assignment (user → roles, user → lots) answered and written as a list of ids:
 * the join table `table` holds (`from` = this record's id, `to` = the linked record's id).
 * Ids not found in `target.table` are refused with `${target.missing}: a,b`; `target.orderBy`
 * orders the list by the linked records' columns; `target.names` answers their names beside the ids.
 */
