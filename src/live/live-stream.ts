import { getToken } from '../utils/auth-cookie';
import { backoffMs } from './backoff';
import { SseParser } from '../../domain/sse-parser';

/**
 * One screen's push (`GET /api/live/:screen/Stream`, server/live/): a fetch kept open, read as
 * server-sent events. A lost connection is tried again with back-off; a stream silent for longer
 * than the server's period (it pushes at least every 10 s) is taken for lost, since a network
 * that went away does not always close the socket.
 */

export interface LiveUpdate {
  at: number;
  demo: boolean;
  panels: Record<string, unknown>;
}

export type LiveState =
  /** connecting for the first time */
  | { kind: 'connecting' }
  | { kind: 'live' }
  /** connection lost: trying again at `retryAt` */
  | { kind: 'lost'; retryAt: number }
  /** connected, but the server could not compute the screen (its database is away) */
  | { kind: 'unavailable' }
  /** signed out or not granted: no retry */
  | { kind: 'refused'; reason: 'session' | 'forbidden' };

export interface LiveHandlers {
  onUpdate(update: LiveUpdate): void;
  onState(state: LiveState): void;
}

const SILENCE_MS = 25_000;

export function openLiveStream(screen: string, handlers: LiveHandlers): () => void {
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let silence: ReturnType<typeof setTimeout> | undefined;

  const lost = (): void => {
    if (stopped) return;
    // forget the connection first: its reader fails when aborted, and must not count as a second loss
    const old = controller;
    controller = null;
    old?.abort();
    clearTimeout(silence);
    const wait = backoffMs(attempt++);
    handlers.onState({ kind: 'lost', retryAt: Date.now() + wait });
    retry = setTimeout(connect, wait);
  };

  const heard = (): void => {
    clearTimeout(silence);
    silence = setTimeout(lost, SILENCE_MS);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    const mine = controller;
    try {
      const token = getToken();
      const res = await fetch(`/api/live/${encodeURIComponent(screen)}/Stream`, {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: token } : {}) },
        cache: 'no-store',
        signal: mine.signal,
      });
      if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        // the envelope of a refusal: 600 signed out, 403 not granted; anything else is tried again
        const body = (await res.json().catch(() => null)) as { code?: number } | null;
        if (body?.code === 600 || body?.code === 401) return handlers.onState({ kind: 'refused', reason: 'session' });
        if (body?.code === 403 || res.status === 403) return handlers.onState({ kind: 'refused', reason: 'forbidden' });
        throw new Error(`live stream answered ${res.status}`);
      }
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      heard();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        for (const ev of parser.push(value)) {
          if (ev.event === 'update') {
            attempt = 0;
            handlers.onState({ kind: 'live' });
            handlers.onUpdate(JSON.parse(ev.data) as LiveUpdate);
          } else if (ev.event === 'unavailable') handlers.onState({ kind: 'unavailable' });
        }
      }
      if (mine === controller) lost();
    } catch {
      if (mine === controller) lost();
    }
  }

  // the browser knows before the socket does: say so at once, and try again as soon as it is back
  const offline = () => lost();
  const online = () => {
    if (stopped || controller) return;
    clearTimeout(retry);
    attempt = 0;
    void connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);

  handlers.onState({ kind: 'connecting' });
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(silence);
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    controller?.abort();
  };
}
