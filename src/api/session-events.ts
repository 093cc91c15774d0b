/**
 * The HTTP layer reports session-level events here; the app decides what they
 * mean (sign out, navigate). Keeps the client free of store and router imports.
 */
export interface SessionHandlers {
  expired(): void;
  unauthorized(): void;
  forbidden(): void;
}

let handlers: SessionHandlers | undefined;
/** an event before the app installed its handlers (a screen drawn before the shell, src/layout/first-screen.tsx) */
let waiting: keyof SessionHandlers | undefined;

const untilInstalled: SessionHandlers = {
  expired: () => (waiting = 'expired'),
  unauthorized: () => (waiting = 'unauthorized'),
  forbidden: () => (waiting = 'forbidden'),
};

/** The app's handlers; an event that came before them is handled now. */
export function setSessionHandlers(next: SessionHandlers) {
  handlers = next;
  const event = waiting;
  waiting = undefined;
  if (event) next[event]();
}

export function sessionEvents(): SessionHandlers {
  return handlers ?? untilInstalled;
}
