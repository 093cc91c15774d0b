import { describe, expect, it, vi } from 'vitest';

describe('session events', () => {
  it('an expired session reported before the app installed its handlers is handled once they are', async () => {
    vi.resetModules();
    const { sessionEvents, setSessionHandlers } = await import('./session-events');
    // a screen drawn before the shell (layout/first-screen.tsx) met an expired session
    sessionEvents().expired();
    const handlers = { expired: vi.fn(), unauthorized: vi.fn(), forbidden: vi.fn() };
    setSessionHandlers(handlers);
    expect(handlers.expired).toHaveBeenCalledTimes(1);
    sessionEvents().forbidden();
    expect(handlers.forbidden).toHaveBeenCalledTimes(1);
    expect(handlers.expired).toHaveBeenCalledTimes(1);
  });
});
