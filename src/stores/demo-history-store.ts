import { makeAutoObservable } from 'mobx';

/**
 * Whether the server is still writing the demo's order history, as its answers say: the shell shows
 * a line so that a short order list or an empty report on a first start is not taken for a fault.
 */
class DemoHistoryStore {
  progress: { done: number; of: number } | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  /** Every answer's header: `37/91` while the history fills, absent once it is complete. */
  heard(header: unknown) {
    const m = typeof header === 'string' ? /^(\d+)\/(\d+)$/.exec(header) : null;
    const next = m ? { done: Number(m[1]), of: Number(m[2]) } : null;
    if (next?.done !== this.progress?.done || next?.of !== this.progress?.of) this.progress = next;
  }
}

export const demoHistory = new DemoHistoryStore();
