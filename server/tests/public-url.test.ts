import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildTestApp, login } from './helpers.ts';

const decodeQr = (png: Buffer): string | undefined => {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
};

const LANE_QR = '/api/system/ParkingLane/build/wxApplet/qRCode?laneId=l-ft-cbd-04-2';
const forged = { host: 'console.local', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'park.example.cn' };

describe('the host printed into QR codes', () => {
  it('PUBLIC_URL wins over any header', async () => {
    const { app } = await buildTestApp({ publicUrl: 'https://parking.city.gov.cn/' });
    const token = await login(app, 'admin', 'admin123');
    const res = await app.inject({ url: LANE_QR, headers: { authorization: token, ...forged } });
    expect(decodeQr(res.rawPayload)).toMatch(/^https:\/\/parking\.city\.gov\.cn\/scan\.html#\/scanQRcode\?/);
    await app.close();
  });

  it('X-Forwarded-Host counts only from a trusted proxy', async () => {
    const { app } = await buildTestApp({ trustProxy: ['127.0.0.1'] }); // inject comes from 127.0.0.1
    const token = await login(app, 'admin', 'admin123');
    const res = await app.inject({ url: LANE_QR, headers: { authorization: token, ...forged } });
    expect(decodeQr(res.rawPayload)).toMatch(/^https:\/\/park\.example\.cn\/scan\.html#\/scanQRcode\?/);
    await app.close();
  });
});
