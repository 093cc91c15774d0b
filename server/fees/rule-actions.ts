import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots, lotsOf } from '../resource/lot-scope.ts';
import { describeRule } from './preview.ts';
import { bindRule, mirrorOnLot } from './lot-bindings.ts';
import type { FeeRuleBody } from './types.ts';

/**
 * 计费规则 beyond CRUD (routes/fee-rules.ts serves them): its versions, a copy, enable/disable, and
 * its bindings to lots (listed, added, removed), each logged.
 */

const who = (req: FastifyRequest) => req.auth?.realName || req.auth?.account || '';

/** Rule `id`'s versions, newest first, each with its preview sentence (404 when it has none). */
export async function ruleVersions(db: Db, id: string) {
  const { rows } = await db.query<{
    version: number;
    body: FeeRuleBody;
    in_use: boolean;
    effective_time: Date;
    creator: string;
    create_time: Date;
  }>('select version, body, in_use, effective_time, creator, create_time from fee_rule_version where rule_id = $1 order by version desc', [
    id,
  ]);
  if (!rows.length) throw notFound();
  return rows.map((r) => ({
    version: r.version,
    inUse: r.in_use,
    effectiveTime: new Date(r.effective_time).getTime(),
    creator: r.creator,
    createTime: new Date(r.create_time).getTime(),
    preview: describeRule(r.body),
    body: r.body,
  }));
}

/** A disabled copy of rule `id` named `ruleName` (by default the source's name with （复制）); answers its id. */
export function copyRule(db: Db, req: FastifyRequest, id: string, ruleName: string | undefined): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ rule_name: string; vehicle_type: number; body: FeeRuleBody; description: string }>(
      'select rule_name, vehicle_type, body, description from fee_rule where id = $1',
      [id],
    );
    const src = rows[0];
    if (!src) throw notFound();
    const name = ruleName || `${src.rule_name}（复制）`.slice(0, 50);
    const taken = await tx.query('select 1 from fee_rule where rule_name = $1', [name]);
    if (taken.rows.length) throw badRequest('规则名称已存在');
    const copy = newId('fr');
    await tx.query(
      `insert into fee_rule (id, rule_name, vehicle_type, body, enabled_mark, description, modifier) values ($1, $2, $3, $4, 0, $5, $6)`,
      [copy, name, src.vehicle_type, JSON.stringify(src.body), src.description, who(req)],
    );
    await tx.query('insert into fee_rule_version (rule_id, version, body, creator) values ($1, 1, $2, $3)', [
      copy,
      JSON.stringify(src.body),
      who(req),
    ]);
    await writeOperLog(tx, req, { action: 'create', module: 'feeRule', recordId: copy, detail: `${name}（复制自${src.rule_name}）` });
    return copy;
  });
}

/** Enables (1) or disables (0) rule `id`. */
export function setRuleState(db: Db, req: FastifyRequest, id: string, enabledMark: number): Promise<void> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ rule_name: string }>(
      'update fee_rule set enabled_mark = $2, modifier = $3, last_modify_time = now() where id = $1 returning rule_name',
      [id, enabledMark, who(req)],
    );
    if (!rows[0]) throw notFound();
    await writeOperLog(tx, req, {
      action: 'status',
      module: 'feeRule',
      recordId: id,
      detail: `${rows[0].rule_name} ${enabledMark ? '启用' : '停用'}`,
    });
  });
}

/** The bindings of a rule and/or a lot, in the caller's lots, by lot then key. */
export async function ruleBindings(db: Db, req: FastifyRequest, q: { ruleId?: string; parkingId?: string }) {
  const lots = lotsOf(req);
  const { rows } = await db.query(
    `select b.id, b.parking_id as "parkingId", p.parking_name as "parkingName", b.plate_color as "plateColor", b.car_class as "carClass",
            b.rule_id as "ruleId", r.rule_name as "ruleName", r.version, (extract(epoch from b.create_time) * 1000)::bigint as "createTime"
       from fee_rule_binding b join parking p on p.id = b.parking_id join fee_rule r on r.id = b.rule_id
      where ($1::text is null or b.rule_id = $1) and ($2::text is null or b.parking_id = $2) and ($3::text[] is null or b.parking_id = any($3))
      order by p.sort_code, p.parking_name, b.plate_color nulls first, b.car_class nulls first`,
    [q.ruleId ?? null, q.parkingId ?? null, lots],
  );
  return rows.map((r) => ({ ...r, createTime: Number(r.createTime) }));
}

/** Binds rule `id` to every lot × plate colour × car class given (none: any); answers how many keys. */
export async function bindLots(
  db: Db,
  req: FastifyRequest,
  id: string,
  b: { parkingIds: string[]; plateColors: number[]; carClasses: number[] },
): Promise<number> {
  for (const lot of b.parkingIds) assertLots(req, lot);
  const colours = b.plateColors.length ? [...new Set(b.plateColors)] : [null];
  const classes = b.carClasses.length ? [...new Set(b.carClasses)] : [null];
  return db.transaction(async (tx) => {
    const rule = await tx.query<{ rule_name: string; enabled_mark: number }>('select rule_name, enabled_mark from fee_rule where id = $1', [
      id,
    ]);
    if (!rule.rows[0]) throw notFound();
    const lots = [...new Set(b.parkingIds)];
    const found = await tx.query<{ id: string }>('select id from parking where id = any($1)', [lots]);
    const missing = lots.filter((x) => !found.rows.some((r) => r.id === x));
    if (missing.length) throw badRequest(`停车场不存在：${missing.join(',')}`);
    const keys = lots.flatMap((parkingId) =>
      colours.flatMap((plateColor) => classes.map((carClass) => ({ parkingId, plateColor, carClass }))),
    );
    await bindRule(tx, id, keys);
    await writeOperLog(tx, req, {
      action: 'update',
      module: 'feeRule',
      recordId: id,
      detail: `${rule.rows[0].rule_name} 绑定${lots.length}个停车场（${keys.length}条）`,
    });
    return keys.length;
  });
}

/** Removes binding `id`; its lot's rule mirror follows. */
export function unbind(db: Db, req: FastifyRequest, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ parking_id: string; rule_id: string }>(
      'select parking_id, rule_id from fee_rule_binding where id = $1',
      [id],
    );
    if (!rows[0]) throw notFound();
    assertLots(req, rows[0].parking_id);
    await tx.query('delete from fee_rule_binding where id = $1', [id]);
    await mirrorOnLot(tx, rows[0].parking_id);
    await writeOperLog(tx, req, {
      action: 'update',
      module: 'feeRule',
      recordId: rows[0].rule_id,
      detail: `解除绑定 ${rows[0].parking_id}`,
    });
  });
}
