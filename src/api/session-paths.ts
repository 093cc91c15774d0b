/** The session's API addresses, shared by the axios calls (auth.ts) and a start's early requests (router/session-early.ts), which run before axios exists. */
export const CURRENT_USER_URL = '/api/oauth/CurrentUser';
