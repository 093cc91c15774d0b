import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../api/client';
import { demoHistory } from './demo-history-store';

const answering = (headers: Record<string, string>) =>
  createHttpClient({
    token: () => undefined,
    onFailure: () => {},
    adapter: async (config) => ({ data: { code: 200, msg: '', data: null }, status: 200, statusText: 'OK', headers, config }),
  });

describe('demo history progress', () => {
  it('follows the server’s header while the history is written, and ends when an answer has none', async () => {
    await answering({ 'x-demo-history': '37/91' }).get('/api/x');
    expect(demoHistory.progress).toEqual({ done: 37, of: 91 });
    await answering({}).get('/api/x');
    expect(demoHistory.progress).toBeNull();
  });

  it('ignores a header it cannot read', async () => {
    await answering({ 'x-demo-history': 'soon' }).get('/api/x');
    expect(demoHistory.progress).toBeNull();
  });
});
