import { http } from './client';
import type { CurrentUserData, Envelope, LoginForm } from './types';

const FORM = { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };

function form(values: Record<string, string | boolean | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.append(key, String(value));
  return params;
}

export async function login(values: LoginForm): Promise<Envelope<{ token: string; captchaRequired?: boolean } | null>> {
  const body = form({
    account: values.account,
    password: values.password,
    code: values.code ?? '',
    timestamp: values.timestamp ?? '',
    smsCode: values.smsCode,
    origin: 'password',
    grant_type: 'password',
    rememberMe: values.rememberMe,
  });
  return (await http.post('/api/oauth/Login', body, FORM)).data;
}

export async function fetchCurrentUser(): Promise<Envelope<CurrentUserData>> {
  return (await http.get('/api/oauth/CurrentUser')).data;
}

export async function logout(): Promise<Envelope<null>> {
  return (await http.get('/api/oauth/Logout')).data;
}

export async function fetchCaptcha(): Promise<Envelope<{ timestamp: string; image: string }>> {
  return (await http.post('/api/oauth/captcha', '', FORM)).data;
}

/** The site id in the path is the platform's tenant slot; the reference server ignores it. */
export async function fetchSmsSwitch(fkey = 'smsLoginSwitch', id = '1'): Promise<Envelope<{ enabled: boolean }>> {
  return (await http.post(`/api/oauth/getAconfig/${id}`, form({ fkey }), FORM)).data;
}

export async function sendSmsCode(username: string, id = '1'): Promise<Envelope<unknown>> {
  return (await http.post(`/api/oauth/sentSmscode/${id}`, form({ username }), FORM)).data;
}
