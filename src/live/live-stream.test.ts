// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream, type LiveState, type LiveUpdate } from './live-stream';
import { backoffMs } from './backoff';

/** A fetch whose answers the test scripts: an open event stream it writes to, or an envelope. */
function fakeServer() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const answers: (() => Response)[] = [];
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const next = answers.shift();
    if (next) return next();
    const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
    init?.signal?.addEventListener('abort', () => streams.at(-1)?.error(new DOMException('aborted', 'AbortError')));
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  const send = (u: Partial<LiveUpdate>) =>
    streams
      .at(-1)!
      .enqueue(new TextEncoder().encode(`event: update\ndata: ${JSON.stringify({ at: 1, demo: false, panels: {}, ...u })}\n\n`));
  return { fetchMock, streams, answers, send };
}

describe('openLiveStream', () => {
  let server: ReturnType<typeof fakeServer>;
  let states: LiveState['kind'][];
  let updates: LiveUpdate[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    states = [];
    updates = [];
    stop = openLiveStream('dataView', { onUpdate: (u) => updates.push(u), onState: (s) => states.push(s.kind) });
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands each update on and says it is live', async () => {
    await vi.advanceTimersByTimeAsync(0);
    server.send({ at: 5, panels: { totals: { carsInPark: 3 } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(updates.map((u) => u.at)).toEqual([5]);
    expect(states).toEqual(['connecting', 'live']);
  });

  it('a stream that ends is tried again after a growing wait, and live again on its first update', async () => {
    await vi.advanceTimersByTimeAsync(0);
    server.send({});
    await vi.advanceTimersByTimeAsync(0);
    server.streams.at(-1)!.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('lost');
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    // the server refuses twice (no event stream): the waits grow
    server.answers.push(
      () => new Response('down', { status: 502 }),
      () => new Response('down', { status: 502 }),
    );
    await vi.advanceTimersByTimeAsync(backoffMs(0, () => 1));
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(backoffMs(1, () => 1));
    expect(server.fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(backoffMs(2, () => 1));
    expect(server.fetchMock).toHaveBeenCalledTimes(4);
    server.send({ at: 9 });
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('live');
    expect(updates.at(-1)!.at).toBe(9);
  });

  it('a stream silent past the server period is taken for lost', async () => {
    await vi.advanceTimersByTimeAsync(0);
    server.send({});
    await vi.advanceTimersByTimeAsync(24_000);
    expect(states.at(-1)).toBe('live');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(states.at(-1)).toBe('lost');
  });

  it('a signed-out session is not retried', async () => {
    stop();
    server.answers.push(() => Response.json({ code: 600, msg: '登录过期', data: null }));
    states = [];
    stop = openLiveStream('dataView', { onUpdate: () => {}, onState: (s) => states.push(s.kind) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(states).toEqual(['connecting', 'refused']);
  });
});
