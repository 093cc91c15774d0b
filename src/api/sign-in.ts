import { formFields, postForm } from './form-post';
import type { Envelope, LoginForm } from './types';

/** The calls of the sign-in page (spec: API), through the small fetch client (form-post.ts). */

export type LoginAnswer = Envelope<{ token: string; captchaRequired?: boolean } | null>;

export function login(values: LoginForm): Promise<LoginAnswer> {
  const body = formFields({
    account: values.account,
    password: values.password,
    code: values.code ?? '',
    timestamp: values.timestamp ?? '',
    smsCode: values.smsCode,
    origin: 'password',
    grant_type: 'password',
    rememberMe: values.rememberMe,
  });
  return postForm('/api/oauth/Login', body);
}

export function fetchCaptcha(): Promise<Envelope<{ timestamp: string; image: string }>> {
  return postForm('/api/oauth/captcha', formFields({}));
}

/** The site id in the path is the platform's tenant slot; the reference server ignores it. */
export function fetchSmsSwitch(fkey = 'smsLoginSwitch', id = '1'): Promise<Envelope<{ enabled: boolean }>> {
  return postForm(`/api/oauth/getAconfig/${id}`, formFields({ fkey }));
}

export function sendSmsCode(username: string, id = '1'): Promise<Envelope<unknown>> {
  return postForm(`/api/oauth/sentSmscode/${id}`, formFields({ username }));
}
