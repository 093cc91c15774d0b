import type { Kysely, Selectable } from 'kysely';
import type { Db } from './database.ts';
import type { Tables } from './tables.ts';

/** The tables whose rows are found by a text `id`. */
export type TableWithId = { [T in keyof Tables]: Tables[T] extends { id: string } ? T : never }[keyof Tables];

/** A column of `T` whose value is text (a number, an id), to find the row by. */
type TextColumn<T extends keyof Tables> = {
  [C in keyof Selectable<Tables[T]>]: Selectable<Tables[T]>[C] extends string ? C : never;
}[keyof Selectable<Tables[T]>] &
  string;

/**
 * The row of `table` whose `column` (by default its id) is `value`, locked until the transaction
 * ends (`select * … for update`); undefined when there is none. Every change to a row's money reads
 * it through here, so two changes at once queue on the row instead of both writing from the same
 * old amounts. A lock that joins another table stays a query of its own with `.forUpdate(alias)` (`for update of`).
 */
export async function lockRow<T extends TableWithId>(
  tx: Db,
  table: T,
  value: string,
  column: TextColumn<T> = 'id' as TextColumn<T>,
): Promise<Selectable<Tables[T]> | undefined> {
  // one table named at run time: the builder's types cannot follow a generic table name
  const db = tx.kysely as unknown as Kysely<Record<string, Record<string, string>>>;
  const by: string = column;
  const row = await db.selectFrom(table).selectAll().where(by, '=', value).forUpdate().executeTakeFirst();
  return row as Selectable<Tables[T]> | undefined;
}
