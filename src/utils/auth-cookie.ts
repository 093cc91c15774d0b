import Cookies from 'js-cookie';

export const TOKEN_KEY = 'parking_token';
const TOKEN_DAYS = 1;

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_KEY);
}

/** remember-me only lengthens the cookie; the password is never stored. */
export function setToken(token: string, rememberMe: boolean): void {
  Cookies.set(TOKEN_KEY, token, rememberMe ? { expires: TOKEN_DAYS } : undefined);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_KEY);
}
