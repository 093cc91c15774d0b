/**
 * An order kind's state machine as one table of arrows (event → the states it may leave, the
 * state it leads to), with the words to refuse in. Parking orders (server/orders/state-machine.ts)
 * and charging orders (server/charging/order-machine.ts) are each one such table.
 */

export type Transition<S> = { ok: true; to: S } | { ok: false; msg: string };

export interface StateMachine<S extends number, E extends string> {
  /** the next state, or why the event may not happen in `from` (nothing should change then) */
  transition(from: number, event: E): Transition<S>;
  /** the states an event may leave: for SQL that moves many orders at once */
  statesBefore(event: E): S[];
  stateAfter(event: E): S;
  /** the events that may happen in a state */
  eventsFrom(from: number): E[];
  /** why the event may not happen in `from`, or null */
  refusal(from: number, event: E): string | null;
}

export function stateMachine<S extends number, E extends string>(
  arrows: Record<E, readonly [from: readonly S[], to: S]>,
  words: { state: Record<number, string>; event: Record<E, string>; quote: [string, string]; subject?: string },
): StateMachine<S, E> {
  const events = Object.keys(arrows) as E[];
  const [open, close] = words.quote;
  // what the refusal names: an order by default, a refund request for refunds
  const subject = words.subject ?? '订单';
  const transition = (from: number, event: E): Transition<S> => {
    const [sources, to] = arrows[event];
    if ((sources as readonly number[]).includes(from)) return { ok: true, to };
    return { ok: false, msg: `${subject}当前状态为${open}${words.state[from] ?? from}${close}，不能${words.event[event]}` };
  };
  return {
    transition,
    statesBefore: (event) => [...arrows[event][0]],
    stateAfter: (event) => arrows[event][1],
    eventsFrom: (from) => events.filter((e) => (arrows[e][0] as readonly number[]).includes(from)),
    refusal: (from, event) => {
      const t = transition(from, event);
      return t.ok ? null : t.msg;
    },
  };
}

/**
 * What an order offers and what the server accepts, from one table: each action's rule answers
 * null (it may run now) or why not. The details page lists `offered`; the action checks `refusal`.
 */
export function actionTable<A extends string, O>(rules: Record<A, (o: O) => string | null>) {
  const actions = Object.keys(rules) as A[];
  return {
    actions,
    refusal: (o: O, action: A): string | null => rules[action](o),
    offered: (o: O): A[] => actions.filter((a) => rules[a](o) === null),
  };
}
