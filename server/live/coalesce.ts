/**
 * Runs `refresh` after changes, but at most once per `minGapMs` (a burst of writes → one update),
 * and at least once per `maxGapMs` without any change (the screens' data time moves on and a
 * figure that depends on the clock, such as "online in the last 3 intervals", is current).
 * One refresh at a time: changes that arrive during one are kept for the next. `refresh` gets
 * the tables changed since the last one, or null when the period is due.
 */

export interface CoalesceOptions {
  minGapMs: number;
  maxGapMs: number;
  now?: () => number;
}

export interface Coalescer {
  /** a table changed */
  poke(table: string): void;
  stop(): void;
}

export function coalesce(refresh: (changed: Set<string> | null) => Promise<void>, opts: CoalesceOptions): Coalescer {
  const now = opts.now ?? Date.now;
  let pending = new Set<string>();
  let last = -Infinity;
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (): void => {
    if (stopped || running) return;
    clearTimeout(timer);
    const due = pending.size ? last + opts.minGapMs : last + opts.maxGapMs;
    timer = setTimeout(run, Math.max(0, due - now()));
    timer.unref?.();
  };

  const run = async (): Promise<void> => {
    if (stopped || running) return;
    running = true;
    const changed = pending.size ? pending : null;
    pending = new Set();
    last = now();
    try {
      await refresh(changed);
    } catch {
      // the refresh reports its own failures; the next one is on the period
    } finally {
      running = false;
      schedule();
    }
  };

  schedule();
  return {
    poke(table) {
      if (stopped) return;
      const first = pending.size === 0;
      pending.add(table);
      if (first) schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
