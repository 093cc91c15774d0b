import type { FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Db } from '../db/database.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { valueOf } from './filters.ts';
import { scopeCondition } from './lot-scope.ts';
import { paging as defaultPaging } from './paging.ts';
import type { AnyDb, Derived, Fields, Resource, ResourceSpec, Row, Stored } from './spec.ts';
import { compileValidator } from './validation.ts';
import { insert, linked, uniqueViolation } from './write.ts';

export * from './spec.ts';
export { derive, filter } from './filters.ts';
export { registerResource } from './register.ts';

/**
 * The resource layer: an entity declares its fields, filters, unique keys, guards and access once;
 * this registers list / get / create / update / delete with validated, documented schemas, runs
 * each write in a transaction with its operation-log row, and answers the usual envelope.
 */

const epochs = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.getTime() : v]));

/** The `:id` of a record's path, for action routes beside the resource's own. */
export const idParams = Type.Object({ id: Type.String({ title: '编号', maxLength: 64 }) });

/** `F` and `I` are the field and input schemas as written, so the spec's hooks get typed values. */
export function defineResource<F extends Fields, I extends Fields = Record<never, TSchema>>(spec: ResourceSpec<F, I>): Resource<F, I> {
  const filters = spec.filters ?? {};
  const toJson = (row: Stored, req?: FastifyRequest): Row => epochs(spec.toJson ? spec.toJson(row, req) : row);
  const derived: Record<string, Derived> = {
    ...spec.derived,
    ...Object.fromEntries(
      Object.entries(spec.links ?? {}).flatMap(([name, l]) => [
        [name, linked(l)],
        ...(l.target.names ? [[l.target.names.as, linked(l, l.target.names.column)]] : []),
      ]),
    ),
  };
  let validate: ((v: unknown) => unknown) | undefined;
  // the stored columns and the derived ones
  const select = (db: Db) =>
    (db.kysely as AnyDb)
      .selectFrom(spec.table)
      .selectAll(spec.table)
      .select((eb) => Object.entries(derived).map(([n, d]) => d(eb, spec.table).as(n)))
      .$castTo<Stored>();
  return {
    spec,
    toJson,
    querySchema: Type.Object({
      ...(spec.paging ?? defaultPaging).schema.properties,
      ...Object.fromEntries(
        Object.entries(filters).flatMap(([k, f]) =>
          [k, ...(f.aliases ?? [])].map((n) => [n, f.required && n === k ? f.schema : Type.Optional(f.schema)]),
        ),
      ),
      ...(spec.tree ? { flat: Type.Optional(Type.Integer({ title: '平铺', minimum: 0, maximum: 1, 'x-msg': '平铺参数只能是0或1' })) } : {}),
    }),
    where:
      (q, ignore = [], lots = null) =>
      (eb) =>
        eb.and([
          ...Object.entries(filters).flatMap(([k, f]) => {
            const v = ignore.includes(k) ? undefined : valueOf(q, k, f);
            return v === undefined ? [] : [f.where(eb, v as never)];
          }),
          ...(spec.lot && lots ? [scopeCondition(spec.table, spec.lot, lots)(eb)] : []),
        ]),
    rows(db, q, lots = null) {
      let query = select(db).where(this.where(q, [], lots));
      for (const [col, dir] of spec.orderBy)
        query = typeof col === 'string' ? query.orderBy(col, dir) : query.orderBy((eb) => col(eb, spec.table), dir);
      return query;
    },
    find: async (db, id) => await select(db).where(`${spec.table}.id`, '=', id).executeTakeFirst(),
    async createMany(tx, req, values, log) {
      // each record's fields as if posted alone: their rules and defaults
      validate ??= compileValidator(
        Type.Object(Object.fromEntries(Object.entries(spec.fields).map(([n, s]) => [n, spec.required.includes(n) ? s : Type.Optional(s)]))),
      );
      const ids = await insert(
        tx,
        spec,
        values.map((v) => validate!(v) as Row),
        req,
      ).catch(uniqueViolation(spec));
      await writeOperLog(tx, req, { action: 'create', module: spec.module, ...log });
      return ids;
    },
  };
}
