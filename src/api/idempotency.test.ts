import { describe, expect, it } from 'vitest';
import { stubHttpClient } from '../test-support/stub-http';
import { IDEMPOTENCY_HEADER } from './idempotency';

describe('idempotency keys on writes', () => {
  it('every write carries its own key; a read carries none', async () => {
    const stub = stubHttpClient({ 'POST /api/x': { code: 200, msg: '', data: null }, 'GET /api/x': { code: 200, msg: '', data: null } });
    await stub.http.post('/api/x', {});
    await stub.http.post('/api/x', {});
    await stub.http.get('/api/x');
    const keys = stub.calls.map((c) => c.headers.get(IDEMPOTENCY_HEADER));
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toMatch(/^[\w-]{8,}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
  });

  it('a write whose answer never came is sent once more under the same key, and its answer is the write’s', async () => {
    let tries = 0;
    const stub = stubHttpClient({
      'POST /api/coupon/Merchant/m1/Actions/TopUp': () => {
        if (++tries === 1) throw new Error('connection reset');
        return { code: 200, msg: '已充值', data: null };
      },
    });
    const res = await stub.http.post('/api/coupon/Merchant/m1/Actions/TopUp', { amountCents: 100 });
    expect(res.data).toMatchObject({ code: 200, msg: '已充值' });
    expect(stub.calls).toHaveLength(2);
    expect(stub.calls[1].headers.get(IDEMPOTENCY_HEADER)).toBe(stub.calls[0].headers.get(IDEMPOTENCY_HEADER));
    expect(stub.failures).toEqual([]);
  });

  it('a write that gets no answer twice fails with the usual notice, after one resend only', async () => {
    const stub = stubHttpClient({
      'PUT /api/x': () => {
        throw new Error('connection reset');
      },
    });
    await expect(stub.http.put('/api/x', {})).rejects.toThrow();
    expect(stub.calls).toHaveLength(2);
    expect(stub.failures).toHaveLength(1);
  });
});
