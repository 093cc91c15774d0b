import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';

/**
 * Bindings of rules to lots (fee_rule_binding) and the lot form's per-colour rules
 * (parking.fee_rules, `[{ plateColor, ruleId, ruleName }]`): the bindings are the truth; the lot's
 * column mirrors its per-colour bindings for every car class, so the lot form shows them.
 */

export interface BindingKey {
  parkingId: string;
  plateColor: number | null;
  carClass: number | null;
}

/** Binds a rule for each key, replacing what the same lot, colour and class was bound to; marks the rule's current version in use. */
export async function bindRule(tx: Db, ruleId: string, keys: BindingKey[]): Promise<void> {
  for (const k of keys) {
    await tx.query(
      `delete from fee_rule_binding where parking_id = $1 and coalesce(plate_color, 0) = coalesce($2::smallint, 0) and coalesce(car_class, 0) = coalesce($3::smallint, 0)`,
      [k.parkingId, k.plateColor, k.carClass],
    );
    await tx.query('insert into fee_rule_binding (id, parking_id, plate_color, car_class, rule_id) values ($1, $2, $3, $4, $5)', [
      newId('fb'),
      k.parkingId,
      k.plateColor,
      k.carClass,
      ruleId,
    ]);
  }
  await tx.query(
    'update fee_rule_version v set in_use = true from fee_rule r where r.id = $1 and v.rule_id = r.id and v.version = r.version',
    [ruleId],
  );
  for (const lot of new Set(keys.map((k) => k.parkingId))) await mirrorOnLot(tx, lot);
}

/**
 * Rewrites a lot's fee_rules column from its per-colour bindings (any car class). Entries without
 * a rule id (names typed before rules had their own table) stay as text for colours left unbound.
 */
export async function mirrorOnLot(tx: Db, parkingId: string): Promise<void> {
  await tx.query(
    `update parking set fee_rules = coalesce((
       select jsonb_agg(e order by pos) from (
         select jsonb_build_object('plateColor', b.plate_color, 'ruleId', r.id, 'ruleName', r.rule_name) as e,
                coalesce((select o from jsonb_array_elements(parking.fee_rules) with ordinality t(x, o)
                           where (x->>'plateColor')::smallint = b.plate_color limit 1), 1000 + b.plate_color) as pos
           from fee_rule_binding b join fee_rule r on r.id = b.rule_id
          where b.parking_id = $1 and b.plate_color is not null and b.car_class is null
         union all
         select x, o from jsonb_array_elements(parking.fee_rules) with ordinality t(x, o)
          where not (x ? 'ruleId') and not exists (
            select 1 from fee_rule_binding b
             where b.parking_id = $1 and b.car_class is null and b.plate_color = (x->>'plateColor')::smallint)
       ) s), '[]'::jsonb)
      where id = $1`,
    [parkingId],
  );
}

/**
 * The lot form saved its per-colour rules: its per-colour bindings (any car class) become exactly
 * those naming a rule, by id (refused when unknown) or by its exact name; other names stay as text.
 * Answers the problem to refuse the save with, or null.
 */
export async function bindFromLotForm(
  tx: Db,
  parkingId: string,
  feeRules: { plateColor: number; ruleId?: string; ruleName?: string }[],
): Promise<string | null> {
  const keys: { ruleId: string; key: BindingKey }[] = [];
  for (const fr of feeRules) {
    const { rows } = await tx.query<{ id: string }>(
      'select id from fee_rule where id = $1::text or ($1::text is null and rule_name = $2) limit 1',
      [fr.ruleId || null, fr.ruleName ?? ''],
    );
    if (!rows[0] && fr.ruleId) return `收费规则不存在：${fr.ruleName || fr.ruleId}`;
    if (rows[0]) keys.push({ ruleId: rows[0].id, key: { parkingId, plateColor: fr.plateColor, carClass: null } });
  }
  await tx.query('delete from fee_rule_binding where parking_id = $1 and plate_color is not null and car_class is null', [parkingId]);
  for (const k of keys) await bindRule(tx, k.ruleId, [k.key]);
  await mirrorOnLot(tx, parkingId);
  return null;
}
