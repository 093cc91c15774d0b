import { ApiFailure, type PayStatus } from './api';

/**
 * Waits for a payment's outcome by asking the server (GET /api/public/Pay/{outTradeNo}): the wallet's
 * own "ok" on the phone proves nothing (money-and-charging.md §10, studio-screens-pay.md), only the
 * server's record does. Every ~1.5 s at first, then a little slower, for up to a minute; stops at
 * `paid` or `closed`. A failed ask (no answer, rate limit, server trouble) is asked again; a refusal
 * that will not change (unknown payment) ends the wait.
 */

export type PollState =
  | { phase: 'checking'; status: PayStatus | null }
  | { phase: 'paid'; status: PayStatus }
  | { phase: 'closed'; status: PayStatus }
  | { phase: 'timeout'; status: PayStatus | null }
  | { phase: 'failed'; error: ApiFailure };

export interface PollOptions {
  /** the first wait, ms */
  firstMs?: number;
  /** each wait is the last one times this */
  factor?: number;
  /** the longest single wait, ms */
  maxMs?: number;
  /** when to stop asking, ms from the start */
  giveUpMs?: number;
}

export const POLL_DEFAULTS: Required<PollOptions> = { firstMs: 1500, factor: 1.25, maxMs: 5000, giveUpMs: 60_000 };

/** A failure worth asking again: no answer, rate limit, the server's own trouble. */
const transient = (e: unknown) => !(e instanceof ApiFailure) || e.code === 0 || e.code === 429 || e.code >= 500 || e.status >= 500;

/** Starts asking now; `onState` hears each state; the answer stops it (leaving the page). */
export function pollPayment(ask: () => Promise<PayStatus>, onState: (s: PollState) => void, options: PollOptions = {}): () => void {
  const { firstMs, factor, maxMs, giveUpMs } = { ...POLL_DEFAULTS, ...options };
  const started = Date.now();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = firstMs;
  let last: PayStatus | null = null;

  const round = async () => {
    if (stopped) return;
    try {
      const status = await ask();
      if (stopped) return;
      last = status;
      if (status.status === 'paid' || status.status === 'closed') {
        stopped = true;
        onState({ phase: status.status, status });
        return;
      }
    } catch (e) {
      if (stopped) return;
      if (!transient(e)) {
        stopped = true;
        onState({ phase: 'failed', error: e as ApiFailure });
        return;
      }
    }
    if (Date.now() - started + wait > giveUpMs) {
      stopped = true;
      onState({ phase: 'timeout', status: last });
      return;
    }
    onState({ phase: 'checking', status: last });
    timer = setTimeout(() => void round(), wait);
    wait = Math.min(maxMs, Math.round(wait * factor));
  };

  onState({ phase: 'checking', status: null });
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
