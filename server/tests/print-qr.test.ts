import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { call, signInLotLimitedUser, withTestServer } from './helpers.ts';

/**
 * The console prints a receipt's QR (订单详情 › 下载二维码) and a group card's (团体卡 › 下载二维码)
 * as it prints a lane's: one PNG whose code is the public page's address, for whoever may open the
 * page that shows it, kept to the caller's lots.
 */

let app: FastifyInstance;
let db: Db;
let admin = '';
withTestServer((s) => ({ app, db, admin } = s));

const HOST = 'console.local:8080';
const raw = (url: string, token = admin) => app.inject({ method: 'GET', url, headers: { authorization: token, host: HOST } });

function decodeQr(png: Buffer): string | undefined {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
}

/** a lot other than `lot`, for a caller limited to it */
async function otherLot(lot: string): Promise<string> {
  return (await db.query<{ id: string }>('select id from parking where id <> $1 order by id limit 1', [lot])).rows[0].id;
}

describe('a receipt’s QR', () => {
  it('is a PNG of the order’s public page, whose token opens that order’s bill', async () => {
    const { rows } = await db.query<{ id: string; order_no: string; plate_no: string; parking_id: string }>(
      'select id, order_no, plate_no, parking_id from parking_order where state = 0 order by id limit 1',
    );
    const order = rows[0];
    const res = await raw(`/api/order/ParkingOrder/${order.id}/ReceiptQr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`小票二维码-${order.order_no}.png`)}`);
    const url = decodeQr(res.rawPayload)!;
    expect(url).toMatch(new RegExp(`^http://${HOST}/scan\\.html#/orderInfoByQRcode\\?token=[0-9a-f]{32}$`));
    // the same address the details dialog shows
    const details = await call(app, 'GET', `/api/order/ParkingOrder/${order.id}`, { token: admin, headers: { host: HOST } });
    expect(details.body.data.receiptUrl).toBe(url);
    const token = new URL(url).hash.split('token=')[1];
    const bill = await call(app, 'GET', `/api/public/Scan/Order?token=${token}`);
    expect(bill.body.code, bill.body.msg).toBe(200);
    expect(bill.body.data.order.plateNo).toBe(order.plate_no);
  });

  it('answers 404 for no such order and 403 outside the caller’s lots', async () => {
    expect((await call(app, 'GET', '/api/order/ParkingOrder/o-nope/ReceiptQr', { token: admin })).body.code).toBe(404);
    const { rows } = await db.query<{ id: string; parking_id: string }>('select id, parking_id from parking_order order by id limit 1');
    const limited = await signInLotLimitedUser(app, admin, 'qr_order_lot', [await otherLot(rows[0].parking_id)]);
    const res = await call(app, 'GET', `/api/order/ParkingOrder/${rows[0].id}/ReceiptQr`, { token: limited });
    expect(res.body.code).toBe(403);
  });
});

describe('a group card’s QR', () => {
  it('is a PNG of the card’s public page, which answers that card', async () => {
    const { rows } = await db.query<{ id: string; card_no: string; company_name: string }>(
      'select id, card_no, company_name from group_card order by id limit 1',
    );
    const card = rows[0];
    const res = await raw(`/api/card/GroupCard/${card.id}/Qr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`团体卡二维码-${card.card_no}.png`));
    const url = decodeQr(res.rawPayload)!;
    expect(url).toBe(`http://${HOST}/scan.html#/groupCardInfo?cardNo=${encodeURIComponent(card.card_no)}`);
    const info = await call(app, 'GET', `/api/public/GroupCard?cardNo=${encodeURIComponent(card.card_no)}`);
    expect(info.body.data).toMatchObject({ cardNo: card.card_no, companyName: card.company_name });
  });

  it('answers 404 for no such card and 403 outside the caller’s lots', async () => {
    expect((await call(app, 'GET', '/api/card/GroupCard/gc-nope/Qr', { token: admin })).body.code).toBe(404);
    const { rows } = await db.query<{ id: string; parking_id: string }>('select id, parking_id from group_card order by id limit 1');
    const limited = await signInLotLimitedUser(app, admin, 'qr_card_lot', [await otherLot(rows[0].parking_id)]);
    expect((await call(app, 'GET', `/api/card/GroupCard/${rows[0].id}/Qr`, { token: limited })).body.code).toBe(403);
  });
});
