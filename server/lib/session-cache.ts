import pg from 'pg';

/**
 * A short-lived, in-process memory of looked-up sessions and users' access, so that checking the
 * token and the permission of a request does not cost queries every time (they cost as much as a
 * small list). It is safe because it forgets:
 * - everything, whenever a signed-in user's write (any non-GET request) or a route that declares
 *   `changesSessions` (sign-out) is answered on this instance: sign-out, password change, disable,
 *   deletion, role, grant, menu and visible-lot changes are all such writes; the answer leaves only
 *   after the memory is cleared;
 * - on PostgreSQL, everything, when another instance announces such a write (LISTEN/NOTIFY on
 *   CHANNEL; the announcement is committed before that instance answers). Without a listening
 *   connection (none yet, or it was lost) nothing is remembered;
 * - each entry after `ttlMs` at most (the bound if an announcement were ever missed), and a session
 *   when its token expires.
 * A lookup that started before a clear is used by its own request but not remembered (generation).
 */

export const SESSION_CACHE_MS = 2000;
export const SESSION_CHANNEL = 'parking_session_changes';
/** a bound on memory: past this many entries the map starts again */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  until: number;
}

export class SessionCache<S, A> {
  private readonly sessions = new Map<string, Entry<S>>();
  private readonly access = new Map<string, Entry<A>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    /** false: every lookup asks the database (e.g. PostgreSQL before the listener is connected) */
    public enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** `load` answers the session and when its token expires (ms since the epoch), or null (never remembered). */
  session(token: string, load: () => Promise<{ value: S; expiresAt: number } | null>): Promise<S | null> {
    return this.remember(this.sessions, token, load);
  }

  userAccess(userId: string, load: () => Promise<A>): Promise<A> {
    return this.remember(this.access, userId, async () => ({ value: await load(), expiresAt: Infinity })) as Promise<A>;
  }

  /** Forgets everything; lookups under way are not remembered either. */
  clear(): void {
    this.generation++;
    this.sessions.clear();
    this.access.clear();
  }

  private async remember<T>(
    map: Map<string, Entry<T>>,
    key: string,
    load: () => Promise<{ value: T; expiresAt: number } | null>,
  ): Promise<T | null> {
    const now = this.now();
    const hit = this.enabled ? map.get(key) : undefined;
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    if (this.enabled && generation === this.generation) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, { value: loaded.value, until: Math.min(now + this.ttlMs, loaded.expiresAt) });
    }
    return loaded.value;
  }
}

/**
 * Listens on PostgreSQL for other instances' announcements. `onLost` runs once if the connection
 * ends or fails once listening (the caller stops remembering). Answers a function that closes the connection;
 * rejects when it cannot connect.
 */
export async function listenForSessionChanges(
  databaseUrl: string,
  onChange: () => void,
  onLost: (e?: unknown) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  let closing = false;
  let lost = false;
  const lose = (e?: unknown) => {
    if (closing || lost) return;
    lost = true;
    onLost(e);
  };
  let listening = false;
  client.on('notification', () => onChange());
  // before it listens a failure is the caller's (the promise rejects), not a loss
  client.on('error', (e) => listening && lose(e));
  client.on('end', () => listening && lose());
  try {
    await client.connect();
    await client.query(`listen ${SESSION_CHANNEL}`);
  } catch (e) {
    closing = true;
    await client.end().catch(() => {});
    throw e;
  }
  listening = true;
  return async () => {
    closing = true;
    await client.end();
  };
}
