import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { type ChargingAction, chargingActionRefusal, chargingTransition, payStatusAfterRefund } from '../charging/order-machine.ts';
import { ORDER_STATE_LABELS, PAY_STATUS, STOP_REASON } from '../../domain/charging-codes.ts';
import { finishSession } from '../charging/sessions.ts';
import type { Db } from '../db/database.ts';
import { chargingOrders } from '../entities/charging-orders.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { writeOperLog } from '../lib/oper-log.ts';
import { idParams } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { yuan } from '../../domain/money.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { assertRecordLot, canSee, outOfScope } from '../resource/lot-scope.ts';

/**
 * The actions on a charging order (§9.3, SteVe #235): remote stop asks the pile and waits for it;
 * administrative close ends the record without the pile (audited, with a reason); an abnormal
 * order is settled with a final amount; a refund gives back part of what was paid. Each checks the
 * state on the server and changes nothing when the order is not in a state that allows it.
 */

const reason = Type.String({ title: '原因', minLength: 1, maxLength: 200, 'x-msg': '请填写原因（200字以内）' });

interface OrderRow {
  id: string;
  order_no: string;
  station_id: string;
  state: number;
  total_cents: string;
  paid_cents: string;
  refund_cents: string;
  start_mode: number;
}

const lot = chargingOrders.spec.lot!;

/** The order, locked; with `req`, refused (403) when its station's lot is not the caller's to change. */
async function lockOrder(tx: Db, id: string, req?: FastifyRequest): Promise<OrderRow> {
  const { rows } = await tx.query<OrderRow>(
    'select id, order_no, station_id, state, total_cents, paid_cents, refund_cents, start_mode from charging_order where id = $1 for update',
    [id],
  );
  if (!rows[0]) throw notFound();
  if (req) await assertRecordLot(tx, req, lot, { stationId: rows[0].station_id });
  return rows[0];
}

const stateWord = (s: number): string => ORDER_STATE_LABELS[s] ?? String(s);

/** Refuses an action the order's state (and money) does not allow: the machine's message, nothing changed. */
function assertAllowed(o: OrderRow, action: ChargingAction): void {
  const refused = chargingActionRefusal({ state: o.state, paidCents: Number(o.paid_cents), refundCents: Number(o.refund_cents) }, action);
  if (refused) throw badRequest(refused);
}

/** The state an event leads to from the order's (assertAllowed ran first). */
function next(o: OrderRow, event: Parameters<typeof chargingTransition>[1]): number {
  const t = chargingTransition(o.state, event);
  if (!t.ok) throw badRequest(t.msg);
  return t.to;
}

export function registerChargingOrderActions(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const audit = (tx: Db, req: FastifyRequest, o: OrderRow, detail: string) =>
    writeOperLog(tx, req, { action: 'status', module: 'chargingOrder', recordId: o.id, detail: `${o.order_no} ${detail}` });

  app.get(
    '/api/charging/Order/:id/Curve',
    { schema: { params: idParams }, config: { access: { menus: ['chargingOrder'] } } },
    async (req) => {
      const { id } = req.params;
      const order = await db.query<{ station_id: string }>('select station_id from charging_order where id = $1', [id]);
      if (order.rows[0] && !(await canSee(db, req, lot, { stationId: order.rows[0].station_id }))) throw outOfScope();
      const { rows } = await db.query<{
        at: Date;
        energy_wh: string;
        power_w: number;
        voltage_dv: number;
        current_da: number;
        soc: number | null;
        start: string;
      }>(
        `select m.at, m.energy_wh - o.meter_start_wh as energy_wh, m.power_w, m.voltage_dv, m.current_da, m.soc
           from charging_meter m join charging_order o on o.id = m.order_id where m.order_id = $1 order by m.at`,
        [id],
      );
      const points = rows.map((r) => ({
        at: new Date(r.at).getTime(),
        powerKw: r.power_w / 1000,
        voltage: r.voltage_dv / 10,
        current: r.current_da / 10,
        soc: r.soc,
        energyKwh: Number(r.energy_wh) / 1000,
      }));
      return ok({ rows: points, count: points.length });
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Stop',
    { schema: { params: idParams, body: Type.Object({}) }, config: { access: { buttons: ['chargingOrder:stop'] } } },
    async (req) => {
      const { id } = req.params;
      await db.transaction(async (tx) => {
        const o = await lockOrder(tx, id, req);
        assertAllowed(o, 'stop');
        await tx.query('update charging_order set state = $2, stop_request_time = now(), last_modify_time = now() where id = $1', [
          id,
          next(o, 'stopRequested'),
        ]);
        await audit(tx, req, o, `远程停止：${stateWord(o.state)}→停止中，等待充电桩响应`);
      });
      return ok(null, '已向充电桩发送停止指令，等待充电桩响应后订单结束');
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Close',
    { schema: { params: idParams, body: Type.Object({ reason }) }, config: { access: { buttons: ['chargingOrder:close'] } } },
    async (req) => {
      const { id } = req.params;
      const why = req.body.reason;
      await db.transaction(async (tx) => {
        const o = await lockOrder(tx, id, req);
        assertAllowed(o, 'close');
        // the pile is not asked: its connector keeps the status it last reported
        await finishSession(tx, id, new Date(), STOP_REASON.adminClose, { event: 'closed', gunStatus: null });
        const after = await lockOrder(tx, id);
        await tx.query('update charging_order set handle_by = $2, handle_reason = $3 where id = $1', [id, req.auth?.account ?? '', why]);
        await audit(tx, req, o, `管理员关闭：${stateWord(o.state)}→已完成，金额${yuan(Number(after.total_cents))}元；原因：${why}`);
      });
      return ok(null, '订单已关闭（未经充电桩确认）');
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Settle',
    {
      schema: { params: idParams, body: Type.Object({ amountCents: f.cents('结算金额'), reason }) },
      config: { access: { buttons: ['chargingOrder:settle'] } },
    },
    async (req) => {
      const { id } = req.params;
      const { amountCents, reason: why } = req.body;
      await db.transaction(async (tx) => {
        const o = await lockOrder(tx, id, req);
        assertAllowed(o, 'settle');
        await tx.query(
          `update charging_order set state = $5, total_cents = $2, paid_cents = $2, pay_status = $6, handle_by = $3, handle_reason = $4,
              last_modify_time = now() where id = $1`,
          [id, amountCents, req.auth?.account ?? '', why, next(o, 'settled'), PAY_STATUS.paid],
        );
        await audit(tx, req, o, `异常结算：异常→异常已处理，金额${yuan(Number(o.total_cents))}→${yuan(amountCents)}元；原因：${why}`);
      });
      return ok(null, '异常订单已结算');
    },
  );

  app.post(
    '/api/charging/Order/:id/Actions/Refund',
    {
      schema: { params: idParams, body: Type.Object({ amountCents: f.cents('退款金额'), reason }) },
      config: { access: { buttons: ['chargingOrder:refund'] } },
    },
    async (req) => {
      const { id } = req.params;
      const { amountCents, reason: why } = req.body;
      await db.transaction(async (tx) => {
        const o = await lockOrder(tx, id, req);
        assertAllowed(o, 'refund');
        const refundable = Number(o.paid_cents) - Number(o.refund_cents);
        if (amountCents <= 0) throw badRequest('退款金额须大于0');
        if (amountCents > refundable) throw badRequest(`退款金额不能超过可退金额${yuan(refundable)}元`);
        const refunded = Number(o.refund_cents) + amountCents;
        await tx.query(`update charging_order set refund_cents = $2, pay_status = $3, last_modify_time = now() where id = $1`, [
          id,
          refunded,
          payStatusAfterRefund(refunded, Number(o.paid_cents)),
        ]);
        await audit(tx, req, o, `退款${yuan(amountCents)}元，累计退款${yuan(Number(o.refund_cents))}→${yuan(refunded)}元；原因：${why}`);
      });
      return ok(null, '退款成功');
    },
  );
}
