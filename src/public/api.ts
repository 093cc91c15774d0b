import { createContext, useContext } from 'react';
import type { PublicBill } from '../../domain/public-bill';
import { takeEarly } from './early-bill';

/**
 * The public pages' calls (docs/public-api.md), through fetch: no axios, no console client. Every
 * answer is the envelope `{ code, msg, data }`; anything but code 200 rejects with the server's
 * `msg` (a 404 lane, a 429 rate limit), whatever the HTTP status. Money is integer cents.
 */

export type { BillKind, PublicArrear, PublicBill, PublicOrder } from '../../domain/public-bill';

export interface PayStarted {
  outTradeNo: string;
  amountCents: number;
  expiresAt?: number;
}

export interface EntryPass {
  token: string;
  orderNo: string;
  entryTime: number;
  lotName: string;
  laneName: string;
}

export type PayStatusName = 'awaiting' | 'paid' | 'closed';

export interface PayStatus {
  status: PayStatusName;
  amountCents: number;
  paidAt: number | null;
  leaveBefore: number | null;
  exited: boolean;
  /** false: paid, but the order had moved on; the operator refunds it */
  applied?: boolean;
  /** the part taken but applied to nothing, and whether the operator has given it back */
  unappliedCents?: number;
  refunded?: boolean;
  /** a closed payment: cancelled in the wallet, the wallet failed, or nobody paid in time */
  closedReason?: 'cancelled' | 'failed' | 'expired' | null;
  /** a card renewal: the card and its end date now */
  renewal?: { cardNo: string; endDate: string } | null;
}

/** What renewing the bill's monthly card costs (the desk's quote). */
export interface RenewalQuote {
  cardNo: string;
  startDate: string;
  endDate: string;
  periods: number;
  amountCents: number;
  maxPeriods: number;
  /** said when the new period starts before today */
  note: string;
}

export type PlacePlace = 'inLot' | 'holding' | 'waiting' | 'away';

export interface GroupCardInfo {
  cardNo: string;
  companyName: string;
  statusLabel: string;
  startDate: string;
  endDate: string;
  lotName: string;
  slots: number;
  occupied: number;
  contactName: string;
  contactPhone: string;
  plates: { plateNo: string; place: PlacePlace; placeLabel: string }[];
}

export interface CollectStarted {
  outTradeNo: string;
  amountCents: number;
  qrText?: string;
  status?: PayStatusName;
}

/** A refused or failed call: `msg` is what to show; `code` the envelope's (0: no answer). */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status = 0,
    /** the envelope's `data` (a refused sign-in says whether a captcha is wanted now) */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The session ended (the handheld's token): code 600–602 or HTTP 401. */
export const isSessionEnded = (e: unknown): boolean =>
  e instanceof ApiFailure && (e.status === 401 || e.code === 401 || (e.code >= 600 && e.code <= 602));

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** the handheld's session token, sent as Authorization */
  token?: string;
  /** the same on a retry of the same payment (docs/public-api.md) */
  idempotencyKey?: string;
  /** form fields instead of JSON (the sign-in calls, as the console's sign-in page sends them) */
  form?: URLSearchParams;
}

const TIMEOUT_MS = 15_000;

/** The calls over `fetchImpl` (a test's fake). No answer at all rejects with code 0 (the page words it). */
export function createApi(fetchImpl: FetchLike = (url, init) => fetch(url, init)) {
  async function call<T>(url: string, { method = 'GET', body, token, idempotencyKey, form }: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = token;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let payload: BodyInit | undefined;
    if (form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = form;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res: Response;
    let json: unknown;
    try {
      const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(TIMEOUT_MS) : undefined;
      const ask = () => fetchImpl(url, { method, headers, body: payload, signal, cache: 'no-store' });
      // the bill scan.html asked for before the scripts came (src/public/early-bill.ts), once
      res = await ((method === 'GET' && !token && takeEarly(url, ask)) || ask());
    } catch {
      throw new ApiFailure('', 0);
    }
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    const env = json && typeof json === 'object' ? (json as { code?: unknown; msg?: unknown; data?: unknown }) : null;
    const code = typeof env?.code === 'number' ? env.code : res.ok ? 0 : res.status;
    if (code !== 200 || !res.ok) {
      const msg = typeof env?.msg === 'string' && env.msg ? env.msg : `HTTP ${res.status}`;
      throw new ApiFailure(msg, code, res.status, env?.data ?? null);
    }
    return env!.data as T;
  }

  const q = (params: Record<string, string | undefined>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) s.set(k, v);
    return s.toString();
  };

  return {
    call,
    /** the car at a lane's barrier; `passport`: this phone's entry pass of the lot (an unplated car) */
    laneBill: (parkingId: string, laneId: string, passport?: string) =>
      call<PublicBill>(`/api/public/Scan/Lane?${q({ parkingId, laneId, passport })}`),
    /** an unplated car at the entry lane: its stay opens, the answer is its entry pass */
    enter: (parkingId: string, laneId: string, idempotencyKey: string) =>
      call<EntryPass>('/api/public/Scan/Enter', { method: 'POST', body: { parkingId, laneId }, idempotencyKey }),
    /** a kerb space's code: the car on it */
    spaceBill: (parkingId: string, spaceId: string) => call<PublicBill>(`/api/public/Scan/Space?${q({ parkingId, spaceId })}`),
    /** nothing to pay and the car at a barrier: it opens (simulated) */
    leave: (token: string) => call<{ opened: boolean }>('/api/public/Scan/Leave', { method: 'POST', body: { token } }),
    orderBill: (token: string) => call<PublicBill>(`/api/public/Scan/Order?${q({ token })}`),
    pay: (token: string, channel: 1 | 2, idempotencyKey: string) =>
      call<PayStarted>('/api/public/Pay', { method: 'POST', body: { token, channel }, idempotencyKey }),
    confirmSim: (outTradeNo: string) => call<unknown>('/api/public/PaySim/Confirm', { method: 'POST', body: { outTradeNo } }),
    /** the wallet sheet's 取消 and 支付失败: the payment closes (refused once the wallet has paid it) */
    cancelSim: (outTradeNo: string) => call<unknown>('/api/public/PaySim/Cancel', { method: 'POST', body: { outTradeNo } }),
    failSim: (outTradeNo: string) => call<unknown>('/api/public/PaySim/Fail', { method: 'POST', body: { outTradeNo } }),
    /** the bill's monthly card renewed for `periods` periods: the quote, then a payment like a stay's */
    renewQuote: (token: string, periods: number) =>
      call<RenewalQuote>(`/api/public/Card/Renewal?${q({ token, periods: String(periods) })}`),
    renew: (token: string, periods: number, channel: 1 | 2, idempotencyKey: string) =>
      call<PayStarted>('/api/public/Card/Renew', { method: 'POST', body: { token, channel, periods }, idempotencyKey }),
    payStatus: (outTradeNo: string) => call<PayStatus>(`/api/public/Pay/${encodeURIComponent(outTradeNo)}`),
    groupCard: (cardNo: string) => call<GroupCardInfo>(`/api/public/GroupCard?${q({ cardNo })}`),
    login: (form: URLSearchParams) =>
      call<{ token: string; captchaRequired?: boolean } | null>('/api/oauth/Login', { method: 'POST', form }),
    captcha: () => call<{ timestamp: string; image: string }>('/api/oauth/captcha', { method: 'POST', form: new URLSearchParams() }),
    logout: (token: string) => call<unknown>('/api/oauth/Logout', { token }),
    pdaBill: (plateNo: string, token: string) => call<PublicBill>(`/api/pda/Bill?${q({ plateNo })}`, { token }),
    collect: (body: { plateNo: string; mode: 'qr' | 'code'; authCode?: string }, token: string, idempotencyKey: string) =>
      call<CollectStarted>('/api/pda/Collect', { method: 'POST', body, token, idempotencyKey }),
  };
}

export type PublicApi = ReturnType<typeof createApi>;

export const ApiContext = createContext<PublicApi | null>(null);

let defaultApi: PublicApi | null = null;

/** The calls, from the provider (tests give a fake fetch) or the page's own. */
export function useApi(): PublicApi {
  const given = useContext(ApiContext);
  return given ?? (defaultApi ??= createApi());
}
