import { SseParser } from '../../domain/sse-parser.ts';
import type { LiveUpdate } from './screen.ts';

/**
 * A stream read the way the console reads it (fetch + Authorization, src/live/live-stream.ts),
 * for the server tests and the soak script: `next(pred)` answers the first update that satisfies
 * `pred`, among the first few already received or those to come.
 */
export interface StreamReader {
  status: number;
  /** every update so far, merged */
  panels: Record<string, unknown>;
  updates: number;
  next(pred: (u: LiveUpdate) => boolean, timeoutMs: number): Promise<LiveUpdate>;
  /** settles when the server ends the stream */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(baseUrl: string, screen: string, token: string): Promise<StreamReader> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/${screen}/Stream`, { headers: { authorization: token }, signal: controller.signal });
  const waiting = new Set<{ pred: (u: LiveUpdate) => boolean; done: (u: LiveUpdate) => void }>();
  // what came before anyone asked: an update may arrive before its `next`
  const seen: LiveUpdate[] = [];
  const reader: StreamReader = {
    status: res.status,
    panels: {},
    updates: 0,
    next: (pred, timeoutMs) =>
      new Promise((resolve, reject) => {
        const early = seen.find(pred);
        if (early) return resolve(early);
        const w = {
          pred,
          done: (u: LiveUpdate) => {
            clearTimeout(timer);
            waiting.delete(w);
            resolve(u);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(w);
          reject(new Error(`no such update on ${screen} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(w);
      }),
    close: () => controller.abort(),
    ended: Promise.resolve(),
  };
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) return reader;
  const parser = new SseParser();
  reader.ended = (async () => {
    try {
      const body = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value: chunk, done } = await body.read();
        if (done) break;
        for (const ev of parser.push(chunk)) {
          if (ev.event !== 'update') continue;
          const u = JSON.parse(ev.data) as LiveUpdate;
          reader.updates++;
          if (seen.length < 50) seen.push(u);
          Object.assign(reader.panels, u.panels);
          for (const w of [...waiting]) if (w.pred(u)) w.done(u);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return reader;
}
