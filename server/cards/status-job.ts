import type { Db } from '../db/database.ts';
import { EXPIRING_DAYS } from '../../domain/card-codes.ts';
import { cardMachine } from './state-machine.ts';
import { addDays } from './renewal.ts';
import { today } from './common.ts';

/**
 * Cards move on the calendar without a visit (the card status job, once per database): ACTIVE with
 * 7 days or fewer left → EXPIRING, past the end → EXPIRED. Each move is one audit row by 系统.
 * Answers how many cards moved.
 */
export async function settleCardStatuses(db: Db, now = Date.now()): Promise<number> {
  const day = today(now);
  const soon = addDays(day, EXPIRING_DAYS);
  let moved = 0;
  for (const [table, kind] of [
    ['month_card', 'month'],
    ['group_card', 'group'],
  ] as const) {
    // the machine's arrows: past the end → expire, within EXPIRING_DAYS → remind
    const steps: [event: 'expire' | 'remind', cond: string, date: string][] = [
      ['expire', 'end_date < $3::date', day],
      ['remind', 'end_date <= $3::date', soon],
    ];
    for (const [action, cond, date] of steps) {
      const from = cardMachine.statesBefore(action);
      const to = cardMachine.stateAfter(action);
      const { rows } = await db.query<{ n: number }>(
        `with moved as (
           update ${table} c set status = $2, last_modify_time = now()
            where status = any($1::smallint[]) and ${cond}
            returning id, end_date, (select status from ${table} o where o.id = c.id) as old_status)
         , audit as (
           insert into card_audit (id, card_kind, card_id, action, operator, before, after, reason)
           select 'ca' || md5(random()::text || id), $4, id, $5, '系统',
                  jsonb_build_object('status', old_status), jsonb_build_object('status', $2::int), '到期状态按日历自动变更'
             from moved returning 1)
         select count(*)::int as n from audit`,
        [from, to, date, kind, action],
      );
      moved += Number(rows[0]?.n ?? 0);
    }
  }
  return moved;
}
