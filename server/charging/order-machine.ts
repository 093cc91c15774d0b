import { ORDER_STATE, ORDER_STATE_LABELS, PAY_STATUS } from '../../domain/charging-codes.ts';
import { type Transition, actionTable, stateMachine } from '../../domain/state-machine.ts';

/**
 * The charging order's state machine, as the parking order's (server/orders/state-machine.ts): one
 * table of arrows that the routes, the sessions, the simulator and the details answer all read. An
 * event from a state without its arrow is refused with a message and changes nothing.
 */

const S = ORDER_STATE;
type State = (typeof S)[keyof typeof S];

export type ChargingEvent =
  | 'accepted' // the pile started the session: energy flows
  | 'stopRequested' // 远程停止: asked the pile, waiting for its answer
  | 'stopped' // the pile ended the session (StopTransaction)
  | 'failed' // no energy progress: the session is abnormal
  | 'closed' // 管理员关闭: ended without the pile
  | 'settled'; // 异常结算: an abnormal order given its final amount

const ACTIVE: State[] = [S.starting, S.charging, S.stopping];

const ARROWS: Record<ChargingEvent, [from: State[], to: State]> = {
  accepted: [[S.starting], S.charging],
  stopRequested: [[S.starting, S.charging], S.stopping],
  stopped: [ACTIVE, S.finished],
  failed: [ACTIVE, S.abnormal],
  closed: [ACTIVE, S.finished],
  settled: [[S.abnormal], S.handled],
};

const EVENT_LABEL: Record<ChargingEvent, string> = {
  accepted: '开始充电',
  stopRequested: '远程停止',
  stopped: '结束充电',
  failed: '标记异常',
  closed: '关闭',
  settled: '异常结算',
};

const machine = stateMachine<State, ChargingEvent>(ARROWS, { state: ORDER_STATE_LABELS, event: EVENT_LABEL, quote: ['「', '」'] });

export type ChargingTransition = Transition<State>;

export const chargingTransition = (from: number, event: ChargingEvent): ChargingTransition => machine.transition(from, event);

/** The states an event may leave: for SQL that moves many orders at once (`state = any($n)`). */
export const statesBefore = (event: ChargingEvent): number[] => machine.statesBefore(event);

/** The state an event leads to. */
export const stateAfter = (event: ChargingEvent): number => machine.stateAfter(event);

export type ChargingAction = 'stop' | 'close' | 'settle' | 'refund';

interface OrderFacts {
  state: number;
  paidCents: number;
  refundCents: number;
}

/** Whether each action may run now: null, or why not. What the details offer and what the server accepts. */
const ACTIONS = actionTable<ChargingAction, OrderFacts>({
  stop: (o) => machine.refusal(o.state, 'stopRequested'),
  close: (o) => machine.refusal(o.state, 'closed'),
  settle: (o) => machine.refusal(o.state, 'settled'),
  refund: (o) => {
    if (o.state !== S.finished && o.state !== S.handled) return `订单当前状态为「${ORDER_STATE_LABELS[o.state] ?? o.state}」，不能退款`;
    return o.paidCents - o.refundCents > 0 ? null : '订单没有可退的已付金额';
  },
});

export const chargingActionRefusal = ACTIONS.refusal;

export const chargingActions = ACTIONS.offered;

/** The pay status after refunds: all of it back, or part. */
export const payStatusAfterRefund = (refundedCents: number, paidCents: number): number =>
  refundedCents >= paidCents ? PAY_STATUS.refunded : PAY_STATUS.partRefunded;
