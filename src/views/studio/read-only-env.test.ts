import { beforeEach, describe, expect, it, vi } from 'vitest';

// the console's real fetcher and env, as spies: nothing here may reach them but reads
const real = vi.hoisted(() => vi.fn(async () => ({ status: 200, headers: {}, data: { status: 0, data: { rows: [] } } })));
vi.mock('../../amis/fetcher', () => ({ amisFetcher: real }));
vi.mock('../../amis/amis-env', () => ({ amisEnv: { fetcher: real, theme: 'cxd' } }));
vi.mock('../../i18n', () => ({ localeStore: { locale: 'zh-CN' } }));

const { mayLoad, readOnlyEnv, readOnlyFetcher } = await import('./read-only-env');

beforeEach(() => real.mockClear());

describe('the canvas never writes (read-only-env)', () => {
  it('lets reads out', () => {
    for (const m of [undefined, '', 'get', 'GET', 'head', 'jsonp']) expect(mayLoad(m), String(m)).toBe(true);
    for (const m of ['post', 'POST', 'put', 'patch', 'delete', 'Delete']) expect(mayLoad(m), m).toBe(false);
  });

  it('passes a GET to the console’s fetcher and answers what it answered', async () => {
    const api = { method: 'get', url: '/api/coupon/Merchant?page=1' };
    const res = await readOnlyFetcher(api);
    expect(real).toHaveBeenCalledExactlyOnceWith(api);
    expect(res.data).toEqual({ status: 0, data: { rows: [] } });
    await readOnlyFetcher({ url: '/api/coupon/Merchant' });
    expect(real).toHaveBeenCalledTimes(2);
  });

  it.each(['post', 'put', 'delete', 'patch', 'POST'])('refuses a %s without calling the fetcher, saying so', async (method) => {
    const res = await readOnlyFetcher({ method, url: '/api/coupon/Merchant/7?x=1', data: { merchantName: 'x' } });
    expect(real).not.toHaveBeenCalled();
    // amis shows `msg` of a status other than 0 as the action's failure
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: 1, msg: `工作室中不写入数据：${method.toUpperCase()} /api/coupon/Merchant/7 未发送`, data: null });
  });

  it('refuses a page’s api object with method post, and one whose URL still carries it', async () => {
    // as a page writes it: "api": {"method": "post", "url": "/api/coupon/Merchant", "data": {...}}
    await readOnlyFetcher({ method: 'post', url: '/api/coupon/Merchant', data: { '&': '$$' } });
    const res = await readOnlyFetcher({ url: 'delete:/api/coupon/Merchant/7' });
    expect(real).not.toHaveBeenCalled();
    expect((res.data as { msg: string }).msg).toContain('DELETE /api/coupon/Merchant/7');
    // an absolute address is no method prefix
    await readOnlyFetcher({ url: 'https://example.test/api/x' });
    expect(real).toHaveBeenCalledOnce();
  });

  it('is the fetcher of the env the editor’s canvas and the preview render with', async () => {
    const fetcher = readOnlyEnv.fetcher as unknown as typeof readOnlyFetcher;
    await fetcher({ method: 'post', url: '/api/coupon/Merchant' });
    await fetcher({ method: 'put', url: '/api/coupon/Merchant/7' });
    expect(real).not.toHaveBeenCalled();
    await fetcher({ method: 'get', url: '/api/coupon/Merchant' });
    expect(real).toHaveBeenCalledOnce();
    expect(readOnlyEnv.theme).toBe('cxd');
  });
});
