import type { Db } from '../db/database.ts';
import { toMs } from './clock.ts';
import type { FeeRuleBody, FeeRuleSnapshot, Instant } from './types.ts';

export interface StayKey {
  lotId: string;
  /** 1 white … 5 blue; null/undefined for an unplated car */
  plateColor?: number | null;
  /** 1 temporary … 6 unplated (domain/parking-codes.ts) */
  carClass?: number | null;
  /** the instant the stay is priced for (its entry); default now */
  at?: Instant;
}

interface Found {
  rule_id: string;
  rule_name: string;
  version: number;
  body: FeeRuleBody | string;
}

/**
 * The rule snapshot that prices a stay: the lot's enabled binding that matches the plate colour and
 * car class most closely (exact colour and class, then colour, then class, then the lot's default),
 * in the latest version effective at `at` (the first version when none is yet). Null when the lot
 * has no enabled rule for the car.
 */
export async function findRuleForStay(db: Db, key: StayKey): Promise<FeeRuleSnapshot | null> {
  const at = new Date(key.at === undefined ? Date.now() : toMs(key.at));
  const { rows } = await db.query<Found>(
    `select r.id as rule_id, r.rule_name, v.version, v.body
       from fee_rule_binding b
       join fee_rule r on r.id = b.rule_id and r.enabled_mark = 1
       join lateral (
         select version, body from fee_rule_version x
          where x.rule_id = r.id
          order by (x.effective_time <= $4) desc, case when x.effective_time <= $4 then x.version else -x.version end desc
          limit 1
       ) v on true
      where b.parking_id = $1
        and (b.plate_color is null or b.plate_color = $2)
        and (b.car_class is null or b.car_class = $3)
      order by (b.plate_color is not null) desc, (b.car_class is not null) desc
      limit 1`,
    [key.lotId, key.plateColor ?? null, key.carClass ?? null, at],
  );
  const r = rows[0];
  if (!r) return null;
  return snapshotOf(r.rule_id, r.rule_name, r.version, r.body);
}

/** A stored version as the engine takes it. */
export function snapshotOf(ruleId: string | null, ruleName: string, version: number | null, body: FeeRuleBody | string): FeeRuleSnapshot {
  const b = typeof body === 'string' ? (JSON.parse(body) as FeeRuleBody) : body;
  return { ...b, ruleId, version, ruleName };
}

/** One saved version (the calculator's "rule id, version"); the current one when `version` is omitted. */
export async function findRuleVersion(db: Db, ruleId: string, version?: number): Promise<FeeRuleSnapshot | null> {
  const { rows } = await db.query<Found>(
    `select r.id as rule_id, r.rule_name, v.version, v.body
       from fee_rule r join fee_rule_version v on v.rule_id = r.id and v.version = coalesce($2, r.version)
      where r.id = $1`,
    [ruleId, version ?? null],
  );
  const r = rows[0];
  return r ? snapshotOf(r.rule_id, r.rule_name, r.version, r.body) : null;
}

/** Every lot's bindings with their current versions, for pricing many stays at once (seeding, simulation). */
export async function loadAllBindings(
  db: Db,
): Promise<{ lotId: string; plateColor: number | null; carClass: number | null; rule: FeeRuleSnapshot }[]> {
  const { rows } = await db.query<Found & { parking_id: string; plate_color: number | null; car_class: number | null }>(
    `select b.parking_id, b.plate_color, b.car_class, r.id as rule_id, r.rule_name, v.version, v.body
       from fee_rule_binding b
       join fee_rule r on r.id = b.rule_id and r.enabled_mark = 1
       join fee_rule_version v on v.rule_id = r.id and v.version = r.version
      order by b.parking_id, (b.plate_color is not null) desc, (b.car_class is not null) desc`,
  );
  return rows.map((r) => ({
    lotId: r.parking_id,
    plateColor: r.plate_color,
    carClass: r.car_class,
    rule: snapshotOf(r.rule_id, r.rule_name, r.version, r.body),
  }));
}

/** Picks from `loadAllBindings` the rule of one stay, with the same precedence as `findRuleForStay`. */
export function pickBinding(
  bindings: Awaited<ReturnType<typeof loadAllBindings>>,
  lotId: string,
  plateColor: number | null | undefined,
  carClass: number | null | undefined,
): FeeRuleSnapshot | null {
  const fits = bindings.filter(
    (b) => b.lotId === lotId && (b.plateColor === null || b.plateColor === plateColor) && (b.carClass === null || b.carClass === carClass),
  );
  return fits[0]?.rule ?? null;
}
