import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import { ApiContext, createApi, type FetchLike, type PublicBill } from './api';

/**
 * For the public pages' tests (a DOM: `// @vitest-environment jsdom`): a fake fetch answering by
 * `METHOD /path` with an envelope, recording every request; a render inside the page's API
 * context; a way to let the promises settle. Never part of scan.html (nothing there imports it).
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** JSON parsed, form fields as an object, or undefined */
  body: unknown;
  rawBody: string;
}

/** An answer: the envelope's data (code 200), or `{ code, msg }` refused, or 'offline' (no answer). */
export type FakeAnswer = { data: unknown } | { code: number; msg: string; data?: unknown; status?: number } | 'offline';
export type FakeRoute = FakeAnswer | ((req: FakeRequest) => FakeAnswer);

export function fakeFetch(routes: Record<string, FakeRoute | FakeRoute[]>) {
  const requests: FakeRequest[] = [];
  const used = new Map<string, number>();
  const impl: FetchLike = async (url, init = {}) => {
    const u = new URL(url, 'http://test.local/');
    const method = init.method ?? 'GET';
    const headers = { ...(init.headers as Record<string, string>) };
    const rawBody = init.body === undefined || init.body === null ? '' : String(init.body);
    const form = (headers['Content-Type'] ?? '').includes('urlencoded');
    const body = rawBody ? (form ? Object.fromEntries(new URLSearchParams(rawBody)) : JSON.parse(rawBody)) : undefined;
    const req: FakeRequest = { method, path: u.pathname, query: u.searchParams, headers, body, rawBody };
    requests.push(req);
    const key = `${method} ${u.pathname}`;
    const route = routes[key];
    if (route === undefined) throw new Error(`fakeFetch: no answer for ${key}`);
    // a list: one answer per call in turn, the last one repeating
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    const picked = Array.isArray(route) ? route[Math.min(n, route.length - 1)] : route;
    const answer = typeof picked === 'function' ? picked(req) : picked;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const env = 'data' in answer && !('code' in answer) ? { code: 200, msg: 'ok', data: answer.data } : { data: null, ...answer };
    const status = 'status' in answer && answer.status ? answer.status : 200;
    return new Response(JSON.stringify(env), { status, headers: { 'content-type': 'application/json' } });
  };
  return { impl, requests, api: createApi(impl) };
}

const mounted = new Set<Root>();

export function render(node: ReactNode, api = createApi(async () => new Response('{}'))) {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  mounted.add(root);
  act(() => root.render(<ApiContext.Provider value={api}>{node}</ApiContext.Provider>));
  return el;
}

/** Lets pending promises (the fake fetch's answers) and the renders they cause settle. */
export async function settle(rounds = 8): Promise<void> {
  await act(async () => {
    for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

/** Lets things settle until `check` holds (a lazy chunk, a poll), up to `ms`. */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('until: the condition never held');
    await settle(2);
  }
}

afterEach(() => {
  for (const root of mounted) act(() => root.unmount());
  mounted.clear();
  document.body.innerHTML = '';
});

/** Text of the element with `data-testid`, or null. */
export const byTestId = (el: ParentNode, id: string) => el.querySelector<HTMLElement>(`[data-testid="${id}"]`);

export function buttonByText(el: ParentNode, text: string | RegExp): HTMLButtonElement {
  const found = [...el.querySelectorAll('button')].find((b) =>
    typeof text === 'string' ? b.textContent === text : text.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${String(text)}: ${[...el.querySelectorAll('button')].map((b) => b.textContent).join(' | ')}`);
  return found;
}

export async function click(target: HTMLElement): Promise<void> {
  act(() => target.click());
  await settle();
}

/** Types into an input as a user does (React listens to the native setter's input event). */
export function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const HOUR = 3_600_000;

/** A bill of kind `kind` as the server answers it; `over` changes parts. */
export function billOf(kind: PublicBill['kind'], over: Partial<PublicBill> = {}): PublicBill {
  const entry = Date.now() - 2 * HOUR - 15 * 60_000;
  return {
    kind,
    lotName: '海岸城购物中心停车场',
    laneName: '1号出口',
    order:
      kind === 'noCar'
        ? null
        : {
            token: 'tok-1',
            plateNo: '粤B12345',
            plateColor: 5,
            plateColorLabel: '蓝',
            entryTime: entry,
            durationSec: 8100,
            spaceNo: 'B2-017',
            totalCents: kind === 'bill' ? 1500 : 0,
            discountCents: kind === 'bill' ? 300 : 0,
            paidCents: 0,
            payableCents: kind === 'bill' ? 1200 : 0,
            freeMinutes: 15,
            graceMinutes: 15,
            leaveBefore: kind === 'paid' ? Date.now() + 10 * 60_000 : null,
          },
    arrears: [],
    arrearsCents: 0,
    dueCents: kind === 'bill' ? 1200 : 0,
    card: kind === 'card' ? { cardNo: 'MC-0001', kind: 'month', endDate: '2026-01-31', renewable: true } : null,
    ...over,
  };
}
