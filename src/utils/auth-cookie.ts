import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../../domain/auth-cookie-name';

const TOKEN_KEY = TOKEN_COOKIE;
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
