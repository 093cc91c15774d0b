import { describe, expect, it } from 'vitest';
import type { ErrorAction } from './error-catalogue';
import { formFields, postForm } from './form-post';

/** A fetch that answers every request with `status` and `body`, and keeps what it was asked. */
function answering(status: number, body: unknown) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { asked, fetchImpl };
}

function client(fetchImpl: typeof fetch, token?: string) {
  const failures: ErrorAction[] = [];
  const options = { fetchImpl, token: () => token, onFailure: (action: ErrorAction) => void failures.push(action) };
  return { failures, post: (url: string, fields: URLSearchParams) => postForm(url, fields, options) };
}

describe('the sign-in page client (form POST over fetch)', () => {
  it('sends the form fields with the token, and answers the envelope of a refused sign-in for the page to show', async () => {
    const { asked, fetchImpl } = answering(200, { code: 400, msg: '账号或密码错误', data: null });
    const { failures, post } = client(fetchImpl, 'tok');
    const res = await post('/api/oauth/Login', formFields({ account: 'admin', smsCode: undefined, rememberMe: false }));
    expect(res).toEqual({ code: 400, msg: '账号或密码错误', data: null });
    expect(String(asked[0].init.body)).toBe('account=admin&rememberMe=false');
    expect((asked[0].init.headers as Record<string, string>).Authorization).toBe('tok');
    expect(failures).toEqual([]);
  });

  it('an error status notifies 服务错误 with the server message, as the axios client does, and rejects', async () => {
    const { failures, post } = client(answering(429, { msg: '登录尝试过于频繁' }).fetchImpl);
    await expect(post('/api/oauth/Login', formFields({}))).rejects.toThrow(/429/);
    expect(failures).toEqual([{ kind: 'notify', title: '服务错误', message: '登录尝试过于频繁' }]);
  });

  it('no answer notifies 接口请求失败 and rejects', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { failures, post } = client(fetchImpl);
    await expect(post('/api/oauth/captcha', formFields({}))).rejects.toThrow('Failed to fetch');
    expect(failures).toEqual([{ kind: 'notify', title: '接口请求失败' }]);
  });

  it('an expired session code asks to sign in again', async () => {
    const { failures, post } = client(answering(200, { code: 601, msg: '登录状态已过期，请重新登录' }).fetchImpl);
    await post('/api/oauth/getAconfig/1', formFields({ fkey: 'smsLoginSwitch' }));
    expect(failures).toEqual([{ kind: 'session-expired' }]);
  });
});
