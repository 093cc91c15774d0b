import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { reply, stubHttpClient, StubHttpError } from './stub-http';

describe('stub http', () => {
  it('answers a request by METHOD path, with the params of the config and of the query string', async () => {
    const stub = stubHttpClient({ 'GET /api/x': ({ params }: { params: Record<string, unknown> }) => ({ code: 200, data: params }) });
    const res = await stub.http.get('/api/x?a=1', { params: { b: 2 } });
    expect(res.data).toEqual({ code: 200, data: { a: '1', b: 2 } });
    expect(stub.calls.map((c) => c.key)).toEqual(['GET /api/x']);
  });

  it('hands the test the JSON body and the token header', async () => {
    const stub = stubHttpClient({ 'POST /api/y': { code: 200 } }, { token: () => 'tok' });
    await stub.http.post('/api/y', { name: 'n' });
    expect(stub.calls[0].body).toEqual({ name: 'n' });
    expect(stub.calls[0].headers.get('Authorization')).toBe('tok');
  });

  it('fails any request the test did not supply, naming it', async () => {
    const stub = stubHttpClient({ 'GET /api/x': {} });
    const error = await stub.http.delete('/api/x/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StubHttpError);
    expect((error as Error).message).toBe('stub-http: the test supplied no answer for "DELETE /api/x/1" (it answers "GET /api/x")');
    expect(stub.unanswered).toEqual(['DELETE /api/x/1']);
  });

  it('rejects a status outside 2xx like axios, and the error catalogue decides', async () => {
    const stub = stubHttpClient({ 'GET /api/z': reply(403, { msg: 'no' }) });
    const error = await stub.http.get('/api/z').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AxiosError);
    expect((error as AxiosError).response?.status).toBe(403);
    expect(stub.failures).toEqual([{ action: { kind: 'forbidden' }, quiet: false }]);
  });

  it('refuses a key that is not METHOD /path', () => {
    expect(() => stubHttpClient({ '/api/x': {} })).toThrow(/not a request key/);
    expect(() => stubHttpClient({ 'GET /api/x?a=1': {} })).toThrow(/not a request key/);
  });
});
