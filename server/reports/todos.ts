import type { Db } from '../db/database.ts';
import { arrearsAgeing } from '../figures/arrears.ts';
import { abnormalSessions } from '../figures/charging.ts';
import { devicesOffline } from '../figures/devices.ts';
import { cardsExpiring, refundQueue } from '../figures/queues.ts';
import { REFUND_STATE } from '../../domain/refund-codes.ts';
import { CARD_STATUS } from '../../domain/card-codes.ts';
import { ORDER_STATE } from '../../domain/charging-codes.ts';
import type { DashboardAccess } from './dashboard.ts';

/**
 * What waits for the user, each only with the menu of the screen that handles it, and a link to
 * that screen with the filter that lists exactly those records (the screen reads its filter from
 * the link's query).
 */

export interface Todo {
  key: string;
  title: string;
  count: number;
  /** the console route with its filter, e.g. /refund/refundAudit?status=0 */
  link: string;
}

const OFFLINE_MINUTES = 60;

export async function dashboardTodos(db: Db, a: DashboardAccess, now: number): Promise<Todo[]> {
  const todos: Todo[] = [];
  const has = (menu: string) => a.menus.has(menu);
  if (has('refundAudit')) {
    const applied = (await refundQueue(db, a.lots)).find((r) => r.status === REFUND_STATE.APPLIED);
    todos.push({
      key: 'refunds',
      title: '待审核退款',
      count: applied?.count ?? 0,
      link: `/refund/refundAudit?status=${REFUND_STATE.APPLIED}`,
    });
  }
  if (has('chargingOrder'))
    todos.push({
      key: 'abnormalCharging',
      title: '异常充电订单',
      count: await abnormalSessions(db, a.lots),
      link: `/charging/chargingOrder?state=${ORDER_STATE.abnormal}`,
    });
  if (has('device'))
    todos.push({
      key: 'devicesOffline',
      title: `离线超${OFFLINE_MINUTES / 60}小时的设备`,
      count: (await devicesOffline(db, a.lots, OFFLINE_MINUTES, 0)).count,
      link: `/monitoring/device?silentMinutes=${OFFLINE_MINUTES}`,
    });
  if (has('arrearsRecord')) {
    // "over 30 days" is the ageing buckets past 30: each bucket is a filter of 欠费记录
    for (const b of (await arrearsAgeing(db, a.lots, now)).filter((x) => x.bucket >= 3))
      todos.push({
        key: `arrears${b.bucket}`,
        title: `欠费${b.name}`,
        count: b.count,
        link: `/arrears/arrearsRecord?ageBucket=${b.bucket}`,
      });
  }
  const cards = has('monthCard') || has('groupCard') ? await cardsExpiring(db, a.lots) : null;
  if (cards && has('monthCard'))
    todos.push({ key: 'monthCards', title: '7天内到期的月卡', count: cards.month, link: `/card/monthCard?status=${CARD_STATUS.EXPIRING}` });
  if (cards && has('groupCard'))
    todos.push({
      key: 'groupCards',
      title: '7天内到期的团体卡',
      count: cards.group,
      link: `/card/groupCard?status=${CARD_STATUS.EXPIRING}`,
    });
  return todos;
}
