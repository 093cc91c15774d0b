import type { AxiosInstance } from 'axios';
import { http } from './client';
import type { CurrentUserData, Envelope } from './types';
import { takeEarly } from './early-requests';
import { CURRENT_USER_URL } from './session-paths';

/** The signed-in session's calls; signing in itself is sign-in.ts (no axios on the first screen). */

export async function fetchCurrentUser(client: AxiosInstance = http): Promise<Envelope<CurrentUserData>> {
  // a signed-in start asked already (router/session-early.ts); any answer but a good one is asked
  // again here, so an expired session or a server error meets the error catalogue as always
  const early = await takeEarly(CURRENT_USER_URL)
    ?.then((res) => (res.ok ? (res.json() as Promise<Envelope<CurrentUserData>>) : undefined))
    .catch(() => undefined);
  if (early?.code === 200 && early.data) return early;
  return (await client.get(CURRENT_USER_URL)).data;
}

export async function logout(): Promise<Envelope<null>> {
  return (await http.get('/api/oauth/Logout')).data;
}
