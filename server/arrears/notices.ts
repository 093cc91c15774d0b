import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { assertLots } from '../resource/lot-scope.ts';
import { yuan } from '../../domain/money.ts';
import { chinaDate } from '../../domain/china-time.ts';
import { type ArrearsStatus, NOTICE_CHANNEL, NOTICE_STATE } from '../../domain/arrears-codes.ts';
import { arrearsMachine, NOTICE_EVENT_LABEL, noticeMachine, noticeRefusal } from './state-machine.ts';
import { operatorOf } from '../lib/operator.ts';

/**
 * 追缴通知: one notice per plate names that plate's chosen debts, goes by SMS or as a WeChat
 * template message now or at a later time (the job sends it then), and is answered by the
 * simulated gateway (sent, delivered or failed). At most one notice per plate per China day: a
 * batch that would break it, or names a debt no longer collected, is refused whole.
 */

export interface SendInput {
  ids: string[];
  channel: number;
  /** epoch ms; absent or past = now */
  sendAt?: number;
}

const N = NOTICE_STATE;

/** The gateway's answer: the arrow of the notice machine it takes (send, deliver, fail) and the state it leads to. */
export interface Delivery {
  event: 'send' | 'deliver' | 'fail';
  status: typeof N.SENT | typeof N.DELIVERED | typeof N.FAILED;
  msg: string;
}

const answer = (event: Delivery['event'], msg: string): Delivery => ({
  event,
  status: noticeMachine.stateAfter(event) as Delivery['status'],
  msg,
});

/**
 * The gateway simulator: the same plate and channel always answer the same (a demo and a test can
 * rely on it): about 80 % delivered, 10 % sent with no receipt yet, 10 % failed with the gateway's reason.
 */
export function simulateDelivery(plateNo: string, channel: number): Delivery {
  const n = createHash('md5').update(`${channel}|${plateNo}`).digest()[0] % 10;
  if (n < 8) return answer('deliver', channel === 1 ? '短信已送达' : '模板消息已送达');
  if (n === 8) return answer('send', '已提交，等待送达回执');
  return answer('fail', channel === 1 ? '号码无效，短信发送失败' : '车主未关注公众号，模板消息发送失败');
}

const content = (channel: number, plate: string, lot: string, count: number, owed: number): string =>
  channel === 1
    ? `【智慧停车】您的车辆${plate}在${lot}有${count}笔停车欠费，共${yuan(owed)}元，请尽快补缴，逾期将影响您的出行。`
    : `停车欠费提醒｜车牌：${plate}｜车场：${lot}｜欠费笔数：${count}｜欠费金额：${yuan(owed)}元｜请点击补缴`;

interface Picked {
  id: string;
  order_no: string;
  plate_no: string;
  parking_id: string;
  parking_name: string;
  status: number;
  owed_cents: number;
}

const UNIQUE_VIOLATION = '23505';
const perDay = (plate: string, day: string) => `车牌${plate}在${day}已有追缴通知，每个车牌每天最多发送一条`;

/** Sends (or schedules) notices for records `ids`; answers the batch number and what each notice did. */
export async function sendNotices(
  db: Db,
  req: FastifyRequest,
  input: SendInput,
): Promise<{ batchNo: string; notices: { plateNo: string; status: number; resultMsg: string }[] }> {
  const ids = [...new Set(input.ids)];
  if (!ids.length) throw badRequest('请选择要通知的欠费记录');
  if (!(input.channel in NOTICE_CHANNEL)) throw badRequest('通知渠道只能是1（短信）或2（微信模板消息）');
  const now = Date.now();
  const sendAt = input.sendAt ?? now;
  if (sendAt < now - 60_000) throw badRequest('定时发送时间不能早于现在');
  if (sendAt > now + 30 * 86_400_000) throw badRequest('定时发送时间不能晚于30天后');
  const scheduled = sendAt > now + 60_000;
  const day = chinaDate(sendAt);
  const batchNo = `TZ${chinaDate(now).replaceAll('-', '')}${newId().slice(0, 6).toUpperCase()}`;
  const sender = operatorOf(req);
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<Picked>(
        `select a.id, a.order_no, a.plate_no, a.parking_id, p.parking_name, a.status, a.owed_cents::float8 as owed_cents
           from arrears_record a join parking p on p.id = a.parking_id
          where a.id = any($1) order by a.plate_no, a.exit_time for update of a`,
        [ids],
      );
      if (rows.length !== ids.length) throw badRequest('所选欠费记录不存在或已删除，请刷新后重试');
      const byPlate = new Map<string, Picked[]>();
      for (const r of rows) {
        assertLots(req, r.parking_id);
        const refused = noticeRefusal(Number(r.status) as ArrearsStatus);
        if (refused) throw badRequest(`${r.plate_no}（订单${r.order_no}）：${refused}`);
        byPlate.set(r.plate_no, [...(byPlate.get(r.plate_no) ?? []), r]);
      }
      const plates = [...byPlate.keys()];
      const { rows: taken } = await tx.query<{ plate_no: string }>(
        `select plate_no from arrears_notice where plate_no = any($1) and notice_day = $2 and status <> ${N.CANCELLED} limit 1`,
        [plates, day],
      );
      if (taken[0]) throw badRequest(perDay(taken[0].plate_no, day));
      const notices = [];
      for (const [plate, recs] of byPlate) {
        const owed = recs.reduce((s, r) => s + Number(r.owed_cents), 0);
        const text = content(input.channel, plate, recs[0].parking_name, recs.length, owed);
        // a notice is born scheduled; one sent now takes the gateway's arrow in the same write
        const d: Delivery | null = scheduled ? null : simulateDelivery(plate, input.channel);
        const status = d?.status ?? noticeMachine.stateAfter('schedule');
        const id = newId('an');
        await tx.query(
          `insert into arrears_notice (id, batch_no, plate_no, parking_id, record_ids, owed_cents, channel, content, status, result_msg,
                                       send_at, notice_day, sent_time, sender)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, to_timestamp($11::float8 / 1000), $12, $13, $14)`,
          [
            id,
            batchNo,
            plate,
            recs[0].parking_id,
            recs.map((r) => r.id),
            owed,
            input.channel,
            text,
            status,
            d?.msg ?? '',
            sendAt,
            day,
            d ? new Date(now) : null,
            sender,
          ],
        );
        if (d)
          await markRecords(
            tx,
            recs.map((r) => r.id),
            input.channel,
            d,
          );
        notices.push({ plateNo: plate, status, resultMsg: d?.msg ?? '' });
      }
      await writeOperLog(tx, req, {
        action: 'create',
        module: 'arrearsNotice',
        recordId: batchNo,
        detail: `${scheduled ? '定时' : ''}发送${NOTICE_CHANNEL[input.channel]}追缴通知${notices.length}条（${rows.length}笔欠费），批次${batchNo}`,
      });
      return { batchNo, notices };
    });
  } catch (e) {
    // two batches for one plate at once: the unique index refuses the second
    if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw badRequest(`同一车牌在${day}已有追缴通知，每个车牌每天最多发送一条`);
    throw e;
  }
}

/** A notice that went out counts on its records; an open debt becomes 已通知 (a failed one does not). */
async function markRecords(tx: Db, ids: string[], channel: number, d: Delivery): Promise<void> {
  await tx.query(
    `update arrears_record set notice_count = notice_count + 1, last_notice_channel = $2, last_notice_time = now(),
            status = case when status = any($3::smallint[]) and $4 then $5 else status end, last_modify_time = now()
      where id = any($1)`,
    [ids, channel, arrearsMachine.statesBefore('notify'), d.event !== 'fail', arrearsMachine.stateAfter('notify')],
  );
}

const CANCELLED_MSG = '欠费记录已处理，通知取消';

/** A debt settled, written off or disputed: the notices naming it that still wait for their send time are cancelled. */
export async function cancelScheduledNotices(tx: Db, recordId: string): Promise<void> {
  await tx.query(`update arrears_notice set status = $2, result_msg = $3 where status = any($4::smallint[]) and $1 = any(record_ids)`, [
    recordId,
    noticeMachine.stateAfter('cancel'),
    CANCELLED_MSG,
    noticeMachine.statesBefore('cancel'),
  ]);
}

/** Moves notice `id` by `event` from the state it was read in (locked): a notice moved meanwhile is an error, not a silent skip. */
async function stepNotice(tx: Db, id: string, event: 'cancel' | Delivery['event'], msg: string, sent: boolean): Promise<void> {
  const { rowCount } = await tx.query(
    `update arrears_notice set status = $2, result_msg = $3, sent_time = case when $4 then now() else sent_time end
      where id = $1 and status = any($5::smallint[])`,
    [id, noticeMachine.stateAfter(event), msg, sent, noticeMachine.statesBefore(event)],
  );
  if (rowCount !== 1) throw new Error(`追缴通知${id}的状态已改变，不能${NOTICE_EVENT_LABEL[event]}`);
}

/** The job's work: scheduled notices whose time has come are sent (or cancelled when none of their debts is collected any more). */
export async function sendDueNotices(db: Db, now: number = Date.now()): Promise<number> {
  return db.transaction(async (tx) => {
    // the notices still waiting: the states `send` (and `cancel`) leave
    const { rows } = await tx.query<{ id: string; plate_no: string; channel: number; record_ids: string[] }>(
      `select id, plate_no, channel, record_ids from arrears_notice
        where status = any($2::smallint[]) and send_at <= to_timestamp($1::float8 / 1000) order by send_at limit 200 for update skip locked`,
      [now, noticeMachine.statesBefore('send')],
    );
    for (const n of rows) {
      const { rows: live } = await tx.query<{ id: string }>('select id from arrears_record where id = any($1) and status = any($2)', [
        n.record_ids,
        arrearsMachine.statesBefore('payPart'),
      ]);
      if (!live.length) {
        await stepNotice(tx, n.id, 'cancel', CANCELLED_MSG, false);
        continue;
      }
      const d = simulateDelivery(n.plate_no, Number(n.channel));
      await stepNotice(tx, n.id, d.event, d.msg, true);
      await markRecords(
        tx,
        live.map((r) => r.id),
        Number(n.channel),
        d,
      );
    }
    return rows.length;
  });
}
