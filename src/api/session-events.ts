/**
 * The HTTP layer reports session-level events here; the app decides what they
 * mean (sign out, navigate). Keeps the client free of store and router imports.
 */
export interface SessionHandlers {
  expired(): void;
  unauthorized(): void;
  forbidden(): void;
}

let handlers: SessionHandlers = {
  expired: () => undefined,
  unauthorized: () => undefined,
  forbidden: () => undefined,
};

export function setSessionHandlers(next: SessionHandlers) {
  handlers = next;
}

export function sessionEvents(): SessionHandlers {
  return handlers;
}
