import { http } from './client';
import type { CurrentUserData, Envelope } from './types';

/** The signed-in session's calls; signing in itself is sign-in.ts (no axios on the first screen). */

export async function fetchCurrentUser(): Promise<Envelope<CurrentUserData>> {
  return (await http.get('/api/oauth/CurrentUser')).data;
}

export async function logout(): Promise<Envelope<null>> {
  return (await http.get('/api/oauth/Logout')).data;
}
