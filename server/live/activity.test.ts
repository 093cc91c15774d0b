import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../tests/helpers.ts';

// /activity's figures: public, region-wide, computed once every few seconds however many ask, and
// limited per address like the other public routes (loopback gets no allowance here).
describe('GET /api/public/Activity', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ signInLimits: { loopbackFactor: 1 } }));
  });
  afterAll(() => app?.close());

  it('answers without a token, the same computation within five seconds, nothing about a person', async () => {
    const a = await call(app, 'GET', '/api/public/Activity');
    expect(a.body.code).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.body.data.spaces).toBeGreaterThan(0);
    expect(a.body.data.lots).toBeGreaterThan(0);
    const b = await call(app, 'GET', '/api/public/Activity');
    expect(b.body.data.at).toBe(a.body.data.at);
    // every value but the data time (a timestamp has a phone number's digits)
    const text = JSON.stringify({ ...a.body.data, at: null });
    expect(text).not.toMatch(/[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z]/);
    expect(text).not.toMatch(/1[3-9]\d{9}/);
    expect(Object.keys(a.body.data).sort()).toEqual(
      [
        'at',
        'demo',
        'lots',
        'spaces',
        'carsInPark',
        'utilisationPct',
        'turnover',
        'averageStayMinutes',
        'entriesToday',
        'exitsToday',
        'stations',
        'connectors',
        'energyWhToday',
      ].sort(),
    );
  });

  it('refuses an address past 60 requests a minute', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await call(app, 'GET', '/api/public/Activity')).body.code;
    expect(last).toBe(429);
  });
});
