/**
 * The calls amis's fetcher has out (fetcher.ts counts them). A signed-in start draws its first
 * screen before the shell, and loads the shell once that screen's calls have answered
 * (layout/first-screen.tsx): its evaluation would otherwise hold the main thread while the list draws.
 */
let out = 0;
let answered = 0;
const listeners = new Set<() => void>();

const changed = () => listeners.forEach((listener) => listener());

/** Counts `call` as out until it settles. */
export function trackCall<T>(call: Promise<T>): Promise<T> {
  out += 1;
  changed();
  return call.finally(() => {
    out -= 1;
    answered += 1;
    changed();
  });
}

/**
 * Resolves once a call has answered and none has been out for `quietMs` (a screen asks one call
 * after another: its summary, the dictionaries, then its list), or after `maxMs` in any case.
 */
export function whenCallsSettle(quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      listeners.delete(check);
      resolve();
    };
    const check = () => {
      clearTimeout(quiet);
      if (answered > 0 && out === 0) quiet = setTimeout(done, quietMs);
    };
    const deadline = setTimeout(done, maxMs);
    listeners.add(check);
    check();
  });
}
