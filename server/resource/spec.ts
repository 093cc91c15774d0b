import type { KeptTotals } from './kept-totals.ts';
import type { FastifyRequest } from 'fastify';
import type { AliasableExpression, Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Static, TObject, TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import type { Access } from '../lib/auth.ts';
import type { OperModule } from '../lib/oper-log.ts';
import type { LotColumn, LotScope } from './lot-scope.ts';
import type { Paging } from './paging.ts';

/** What an entity declares to the resource layer (define.ts), and what it gets back. */

export type Row = Record<string, unknown>;

/** A resource's field (or input) schemas by name. */
export type Fields = Record<string, TSchema>;

/**
 * A record's values as its schemas type them: every field (a create body is validated with the
 * fields' defaults filled in, an update's values are the stored record with the body over it), the
 * inputs when sent, and the other answer columns (links, derived names) as unknown.
 */
export type Values<F extends Fields = Fields, I extends Fields = Fields> = { [K in keyof F]: Static<F[K]> } & {
  [K in keyof I]?: Static<I[K]>;
} & Row;

/** A record as stored and read back: its id; other columns as the driver gives them (dates as Date, jsonb parsed). */
export type Stored = { id: string } & Row;
// entities name their own tables; the builder is typed per query inside the entity files
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Eb = ExpressionBuilder<any, any>;

export interface Filter {
  /** schema of the query parameter (title = its name in messages) */
  schema: TSchema;
  where(eb: Eb, value: never): Expression<SqlBool>;
  /** other query names accepted for it (old clients) */
  aliases?: string[];
  /** the list cannot be read without it (a dictionary's entries need the dictionary) */
  required?: boolean;
}

/**
 * A read-only answer column computed per row (`self` = the resource's table): the name of a
 * record the row points at, or a derived state defined once (a device's online state).
 */
export type Derived = (eb: Eb, self: string) => AliasableExpression<unknown>;

export interface Link {
  /** the field's name in messages */
  title: string;
  table: string;
  from: string;
  to: string;
  target: { table: string; missing: string; orderBy?: string[]; names?: { as: string; column: string } };
}

/** What a write hook is given: the transaction, the request (its caller), the record and its new values. */
export interface Write<V extends Row = Row> {
  tx: Db;
  req: FastifyRequest;
  id: string;
  /** the new values (on delete: the stored record) */
  values: V;
  /** the stored record, on update and delete */
  before?: Stored;
}

export interface ResourceSpec<F extends Fields = Fields, I extends Fields = Fields> {
  /** table name in the builder's camelCase */
  table: string;
  /** e.g. /api/system/Parking */
  path: string;
  idPrefix: string;
  /** operation-log module (its word is the oper_module dictionary's) */
  module: OperModule;
  /** writable fields; the JSON name is the column name */
  fields: F;
  required: string[];
  /** many-to-many assignments, answered and written under their names as lists of ids */
  links?: Record<string, Link>;
  /** body fields that are not columns (passwords, grants, switches folded into a column): validated, handed to check, toColumns and effects */
  inputs?: I;
  /** fields and inputs only a create body takes (an update leaves them as they are) */
  createOnly?: string[];
  /** `list`: a field whose taken values follow the message (`msg：A、B`) */
  unique?: { fields: string[]; msg: string; list?: string }[];
  filters?: Record<string, Filter>;
  /** answer columns computed per row (lookups, derived states); list order may use them too */
  derived?: Record<string, Derived>;
  orderBy: [string | Derived, 'asc' | 'desc'][];
  /** the list is every matching row nested under `children` by this parent field, or flat when filtered or `flat=1` */
  tree?: {
    parent: string;
    /** leaves answer `children: []` too (the console's menu item) */
    emptyChildren?: boolean;
  };
  /** figures over the filtered rows answered beside the list; the filters in `ignore` do not narrow them */
  summary?: { columns: Record<string, (eb: Eb) => AliasableExpression<unknown>>; ignore?: string[]; kept?: KeptTotals };
  access: { list: Access; get?: Access | false; create?: Access; update?: Access; delete?: Access };
  /** where the record's lot is: every list, detail and write is kept to the caller's lots (lot-scope.ts) */
  lot?: LotColumn;
  /** list paging (default currentPage from 1 and pageSize) */
  paging?: Paging;
  /** update by PUT <path> with the id in the body (this is its title in messages), as the spec's api/dictDetail does */
  bodyId?: string;
  /** set to now() by an update (default lastModifyTime; null when the table has none) */
  modifiedColumn?: string | null;
  /** an update that changes this field is logged as a status change */
  statusField?: string;
  /** how a record is named in the operation log */
  describe(row: Values<F, I>): string;
  /** GET <path>/Actions/Export: the filtered list as a file (at most EXPORT_ROW_LIMIT rows, export.ts) */
  export?: {
    button: string;
    /** with its extension: 停车场列表.xlsx */
    fileName: string;
    /** the rows as the list answers them → the file */
    file(rows: Row[]): Promise<{ body: Buffer | string; type: string }>;
  };
  /**
   * cross-field rules over the full new values (and, on update, the stored record and the body as
   * sent); may answer the values completed (e.g. a plate colour that follows the plate)
   */
  check?(values: Values<F, I>, before?: Stored, body?: Partial<Values<F, I>>): Row | void;
  /** stored row → answer (dates become epoch milliseconds by default); `req` for answers that depend on it */
  toJson?(row: Stored, req?: FastifyRequest): Row;
  /** values → columns, for types the driver does not map (jsonb) or columns made from inputs (`all`: the values with the inputs) */
  toColumns?(values: Partial<Values<F>>, all: Values<F, I>): Row;
  guards?: {
    /** rules against other records on create and update, before the unique check; may answer the values completed */
    save?(tx: Db, values: Values<F, I>, before?: Stored): Promise<Row | void>;
    update?(tx: Db, before: Stored, after: Values<F, I>): Promise<void>;
    delete?(tx: Db, row: Stored): Promise<void>;
  };
  /** rules and writes after the record's own, in its transaction (a refusal rolls the write back): rows of other tables, rules over all records */
  effects?: {
    create?(w: Write<Values<F, I>>): Promise<void>;
    update?(w: Write<Values<F, I>>): Promise<void>;
    delete?(w: Write<Stored>): Promise<void>;
  };
}

export interface Resource<F extends Fields = Fields, I extends Fields = Fields> {
  spec: ResourceSpec<F, I>;
  /** the list filters as one condition, for sums and exports over the same rows (`ignore`: filters left out) */
  where(q: Row, ignore?: string[], lots?: LotScope): (eb: Eb) => Expression<SqlBool>;
  /** paging and filters of the list */
  querySchema: TObject;
  /** the filtered rows in list order (a query to finish: limit, execute, or compile into a report) */
  rows(db: Db, q: Row, lots?: LotScope): SelectQueryBuilder<any, any, Stored>; // eslint-disable-line @typescript-eslint/no-explicit-any
  find(db: Db, id: string): Promise<Stored | undefined>;
  toJson(row: Stored, req?: FastifyRequest): Row;
  /** new records in one statement with the create rules, unique keys and one log row for all (batch actions); answers their ids */
  createMany(tx: Db, req: FastifyRequest, values: Row[], log: { recordId: string; detail: string }): Promise<string[]>;
}
