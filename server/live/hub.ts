import type { Db } from '../db/database.ts';
import { ANYTHING, type ChangeFeed } from './change-feed.ts';
import { type Coalescer, coalesce } from './coalesce.ts';
import { simulatorsRunning } from './demo-flag.ts';
import type { LiveScope, LiveUpdate, ScreenDef } from './screen.ts';

/**
 * One computation per screen and lot scope, however many walls show it: the viewers of the same
 * screen with the same lots share its panels. A channel starts with its first viewer and stops
 * with its last, so nothing runs for a screen nobody looks at.
 */

export type Send = (kind: 'update' | 'unavailable', body: unknown) => void;

export interface HubOptions {
  minGapMs: number;
  maxGapMs: number;
  log?: (msg: string, e?: unknown) => void;
}

class Channel {
  readonly viewers = new Set<Send>();
  private readonly last = new Map<string, string>();
  private state: LiveUpdate | null = null;
  private readonly timer: Coalescer;

  constructor(
    private readonly db: Db,
    private readonly screen: ScreenDef,
    private readonly scope: LiveScope,
    opts: HubOptions,
  ) {
    this.timer = coalesce((changed) => this.refresh(changed), opts);
    this.log = opts.log ?? (() => {});
  }

  private readonly log: (msg: string, e?: unknown) => void;

  poke(table: string): void {
    if (table === ANYTHING || Object.values(this.screen.panels).some((p) => p.tables.includes(table))) this.timer.poke(table);
  }

  /** a new viewer gets the whole screen as it stands, if it has been computed */
  join(send: Send): void {
    this.viewers.add(send);
    if (this.state) send('update', this.state);
  }

  stop(): void {
    this.timer.stop();
  }

  private async refresh(changed: Set<string> | null): Promise<void> {
    const now = Date.now();
    const names = Object.entries(this.screen.panels)
      .filter(([, p]) => !changed || changed.has(ANYTHING) || p.tables.some((t) => changed.has(t)))
      .map(([name]) => name);
    // a panel that fails is left as it was; the screen is unavailable only when nothing answers
    const [demo, ...values] = await Promise.allSettled([
      simulatorsRunning(this.db),
      ...names.map((n) => this.screen.panels[n].compute(this.db, this.scope, now)),
    ]);
    const failed = [demo, ...values].filter((r) => r.status === 'rejected');
    if (failed.length) this.log(`live: ${this.screen.path}: ${failed.length} figure(s) could not be computed`, failed[0].reason);
    if (demo.status === 'rejected') {
      for (const send of this.viewers) send('unavailable', { at: this.state?.at ?? null });
      return;
    }
    const panels: Record<string, unknown> = {};
    names.forEach((n, i) => {
      const r = values[i];
      if (r.status === 'rejected') return;
      const json = JSON.stringify(r.value);
      if (this.last.get(n) === json) return;
      this.last.set(n, json);
      panels[n] = r.value;
    });
    this.state = { at: now, demo: demo.value, panels: { ...this.state?.panels, ...panels } };
    const update: LiveUpdate = { at: now, demo: demo.value, panels };
    for (const send of this.viewers) send('update', update);
  }
}

export class LiveHub {
  private readonly channels = new Map<string, Channel>();
  private unsubscribe = (): void => {};

  constructor(
    private readonly db: Db,
    private readonly opts: HubOptions,
  ) {}

  /** Hears what changed; until then (and without it) the screens refresh on their period. */
  listen(feed: ChangeFeed): void {
    this.unsubscribe();
    this.unsubscribe = feed.subscribe((table) => this.channels.forEach((c) => c.poke(table)));
  }

  /** Starts showing `screen` to one viewer; the answer stops it. */
  join(screen: ScreenDef, scope: LiveScope, send: Send): () => void {
    const key = `${screen.path}|${scope.lots?.join(',') ?? '*'}`;
    let channel = this.channels.get(key);
    if (!channel) {
      channel = new Channel(this.db, screen, scope, this.opts);
      this.channels.set(key, channel);
    }
    const c = channel;
    c.join(send);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      c.viewers.delete(send);
      if (c.viewers.size === 0 && this.channels.get(key) === c) {
        c.stop();
        this.channels.delete(key);
      }
    };
  }

  /** channels running now (the soak script watches it stay bounded) */
  get size(): number {
    return this.channels.size;
  }

  close(): void {
    this.unsubscribe();
    this.channels.forEach((c) => c.stop());
    this.channels.clear();
  }
}
