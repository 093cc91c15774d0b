import type { Db } from '../db/database.ts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS } from '../services/parking-export.ts';
import { call, withTestServer } from './helpers.ts';

/** Lot figures, bindIf guards, enable/disable, export, QR codes and address → region code. */

let app: FastifyInstance;
let db: Db;
let admin: string;
let operator: string;
withTestServer((s) => ({ app, db, admin, operator } = s));

const raw = (url: string, token = admin, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { authorization: token, ...headers } });

function decodeQr(png: Buffer): string | undefined {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
}

describe('demo data', () => {
  it('has the sizes the screens need', async () => {
    const n = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;
    expect(await n('select count(distinct region_code)::int n from parking')).toBeGreaterThanOrEqual(3);
    expect(await n('select count(*)::int n from parking_lane')).toBeGreaterThanOrEqual(40);
    expect(await n('select count(*)::int n from parking_space')).toBeGreaterThanOrEqual(3000);
    expect(await n('select count(*)::int n from device')).toBeGreaterThanOrEqual(200);
    expect(await n(`select count(*)::int n from parking_space where status = 1 and plate_no = ''`)).toBe(0);
    const green = await n(`select count(*)::int n from parking_space where plate_color = 3 and length(plate_no) <> 8`);
    expect(green).toBe(0);
  });
});

describe('sum and bindIf', () => {
  it('totals the filtered lots', async () => {
    const all = (await call(app, 'GET', '/api/system/Parking/sum', { token: admin })).body.data;
    expect(all).toMatchObject({ parkingCount: 15, enabledCount: 13 });
    expect(all.laneCount).toBeGreaterThanOrEqual(40);
    expect(all.freeSpaces).toBeGreaterThan(0);
    const ns = (await call(app, 'GET', '/api/system/Parking/sum?regionCode=440305', { token: admin })).body.data;
    expect(ns.parkingCount).toBe(5);
    expect(ns.totalSpaces).toBe(48 * 0 + 320 + 1200 + 40 + 560 + 60);
  });

  it('reports what is bound and refuses deleting or re-coding a bound lot', async () => {
    const b = (await call(app, 'GET', '/api/system/Parking/bindIf/p-ft-cbd-04', { token: admin })).body.data;
    expect(b).toMatchObject({ canDelete: false });
    // the seeded traffic history parks cars in it too
    expect(b.orders).toBeGreaterThan(0);
    expect(b.lanes).toBeGreaterThan(0);
    expect(b.spaces).toBe(1850);
    const del = await call(app, 'DELETE', '/api/system/Parking/p-ft-cbd-04', { token: admin });
    expect(del.body.code).toBe(400);
    expect(del.body.msg).toMatch(/^该停车场已绑定车道\d+条、车位1850个、设备\d+台、订单\d+笔，不能删除$/);
    const recode = await call(app, 'PUT', '/api/system/Parking/p-ft-cbd-04', { token: admin, json: { parkingCode: 'FT-CBD-99' } });
    expect(recode.body.msg).toMatch(/不能修改停车场编号或管理方式$/);
    const retype = await call(app, 'PUT', '/api/system/Parking/p-ft-cbd-04', { token: admin, json: { type: 4 } });
    expect(retype.body.code).toBe(400);
    expect(
      (await db.query('select 1 from parking where id = $1 and parking_code = $2 and type = 1', ['p-ft-cbd-04', 'FT-CBD-04'])).rows,
    ).toHaveLength(1);
    expect((await call(app, 'GET', '/api/system/Parking/bindIf/nope', { token: admin })).body.code).toBe(404);
  });

  it('a new lot is free to delete', async () => {
    const id = (
      await call(app, 'POST', '/api/system/Parking', {
        token: admin,
        json: { parkingCode: 'T-BIND-1', parkingName: '空车场', type: 1, roadType: 2 },
      })
    ).body.data.id;
    expect((await call(app, 'GET', `/api/system/Parking/bindIf/${id}`, { token: admin })).body.data).toEqual({
      lanes: 0,
      spaces: 0,
      orders: 0,
      devices: 0,
      canDelete: true,
      reason: '',
    });
    expect((await call(app, 'DELETE', `/api/system/Parking/${id}`, { token: admin })).body.code).toBe(200);
  });
});

describe('enable / disable and fee rules', () => {
  it('switches the state and logs it', async () => {
    const r = await call(app, 'PUT', '/api/system/Parking/p-ft-ytl-05/Actions/State', { token: operator, json: { enabledMark: 1 } });
    expect(r.body).toMatchObject({ code: 200, msg: '已启用' });
    expect(
      (await call(app, 'PUT', '/api/system/Parking/p-ft-ytl-05/Actions/State', { token: admin, json: { enabledMark: 3 } })).body.msg,
    ).toBe('启用状态只能是0（停用）或1（启用）');
    const log = await db.query(`select 1 from oper_log where action = 'status' and record_id = 'p-ft-ytl-05'`);
    expect(log.rows).toHaveLength(1);
  });

  it('keeps one fee rule per plate colour', async () => {
    const put = (feeRules: unknown) => call(app, 'PUT', '/api/system/Parking/p-ns-kjy-01', { token: admin, json: { feeRules } });
    expect(
      (
        await put([
          { plateColor: 5, ruleId: 'fr-mall-hourly' },
          { plateColor: 3, ruleId: 'fr-green-plate' },
        ])
      ).body.code,
    ).toBe(200);
    expect(
      (
        await put([
          { plateColor: 5, ruleId: 'fr-mall-hourly' },
          { plateColor: 5, ruleId: 'fr-free' },
        ])
      ).body.msg,
    ).toBe('同一车牌颜色只能设置一条收费规则');
    // each message names the field as the lot form shows it
    expect((await put([{ plateColor: 9, ruleId: 'fr-free' }])).body.msg).toBe('第1条车牌颜色不正确');
    expect((await put([{ plateColor: 2, ruleId: '' }])).body.msg).toBe('第1条计费规则不能为空');
    expect((await put([{ plateColor: 2, ruleName: '大型车（黄牌）' }])).body.msg).toBe('第1条计费规则不能为空');
    const got = (await call(app, 'GET', '/api/system/Parking/p-ns-kjy-01', { token: admin })).body.data;
    expect(got.feeRules).toEqual([
      { plateColor: 5, ruleId: 'fr-mall-hourly', ruleName: '商业综合体按小时计费' },
      { plateColor: 3, ruleId: 'fr-green-plate', ruleName: '新能源车（绿牌）优惠' },
    ]);
  });
});

describe('export', () => {
  it('is an xlsx of exactly the filtered rows', async () => {
    const res = await raw('/api/system/Parking/Actions/Export?regionCode=440303&roadType=2');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('停车场列表.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual(EXPORT_HEADERS);
    const codes = ws.getColumn(1).values.slice(2);
    expect([...codes].sort()).toEqual(['LH-CD-05', 'LH-DM-01', 'LH-KA-03']);
    expect((await db.query(`select 1 from oper_log where action = 'export' and module = 'parking'`)).rows.length).toBeGreaterThan(0);
  });

  it('writes a lot name that looks like a formula as plain text, so a spreadsheet never runs it', async () => {
    const name = '=HYPERLINK("http://x","y")';
    await db.query(`update parking set parking_name = $1, street = '-1' where parking_code = 'LH-KA-03'`, [name]);
    const res = await raw('/api/system/Parking/Actions/Export?regionCode=440303&roadType=2');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const row = ws.getRow(ws.getColumn(1).values.indexOf('LH-KA-03'));
    const nameCell = row.getCell(EXPORT_HEADERS.indexOf('停车场名称') + 1);
    expect(nameCell.type).toBe(ExcelJS.ValueType.String);
    expect(nameCell.value).toBe(name);
    expect(nameCell.formula).toBeUndefined();
    expect(nameCell.numFmt).toBe('@');
    // text that starts with '-' is guarded too; the numbers beside it stay numbers
    expect(row.getCell(EXPORT_HEADERS.indexOf('街道') + 1).numFmt).toBe('@');
    expect(row.getCell(EXPORT_HEADERS.indexOf('总车位') + 1).type).toBe(ExcelJS.ValueType.Number);
  });

  it('needs parking:export', async () => {
    expect((await raw('/api/system/Parking/Actions/Export', operator)).statusCode).toBe(200);
    const viewer = await app.inject({ method: 'GET', url: '/api/system/Parking/Actions/Export' });
    expect(viewer.json().code).toBe(600);
  });
});

describe('QR codes', () => {
  it('a lane code is a PNG of the lane scan URL; forwarded headers of an untrusted client do not change its host', async () => {
    const headers = { host: 'console.local:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    const res = await raw('/api/system/ParkingLane/build/wxApplet/qRCode?laneId=l-ft-cbd-04-2', admin, headers);
    expect(res.headers['content-type']).toBe('image/png');
    expect(decodeQr(res.rawPayload)).toBe('http://console.local:8080/scan.html#/scanQRcode?parkingId=p-ft-cbd-04&laneId=l-ft-cbd-04-2');
  });

  it('a lot with several lanes gives a zip of PNGs, one per valid lane', async () => {
    await call(app, 'PUT', '/api/system/ParkingLane/l-ns-cd-05-1/Actions/VoidQr', { token: admin });
    const res = await raw('/api/system/Parking/BuildGateParkingQRCode/p-ns-kjy-01', admin, { host: 'console.local:8080' });
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(4);
    const first = await zip.file(names.find((n) => n.includes('IN01'))!)!.async('nodebuffer');
    expect(decodeQr(first)).toBe('http://console.local:8080/scan.html#/scanQRcode?parkingId=p-ns-kjy-01&laneId=l-ns-kjy-01-1');
    // the charging station has 2 lanes, one voided: a single PNG
    const one = await raw('/api/system/Parking/BuildGateParkingQRCode/p-ns-cd-05');
    expect(one.headers['content-type']).toBe('image/png');
    expect(decodeQr(one.rawPayload)).toContain('laneId=l-ns-cd-05-2');
  });

  it('voided lanes refuse until regenerated', async () => {
    expect((await call(app, 'GET', '/api/system/ParkingLane/build/wxApplet/qRCode?laneId=l-ns-cd-05-1', { token: admin })).body.msg).toBe(
      '该车道二维码已作废，请先重新生成',
    );
    expect((await call(app, 'PUT', '/api/system/ParkingLane/l-ns-cd-05-1/Actions/RegenerateQr', { token: operator })).body.code).toBe(200);
    expect((await raw('/api/system/ParkingLane/build/wxApplet/qRCode?laneId=l-ns-cd-05-1')).headers['content-type']).toBe('image/png');
  });

  it('space codes: one PNG or a zip; bad queries answer clearly', async () => {
    const one = await raw('/api/system/Parking/downloadQRCodeBySpace?spaceIds=s-ft-hqb-02-3');
    expect(decodeQr(one.rawPayload)).toBe('http://localhost:80/scan.html#/scanQRcode?parkingId=p-ft-hqb-02&spaceId=s-ft-hqb-02-3');
    const lot = await raw('/api/system/Parking/downloadQRCodeBySpace?parkingId=p-ft-hqb-02');
    expect(Object.keys((await JSZip.loadAsync(lot.rawPayload)).files)).toHaveLength(36);
    expect((await call(app, 'GET', '/api/system/Parking/downloadQRCodeBySpace', { token: admin })).body.msg).toBe('请指定停车场或车位');
    expect((await call(app, 'GET', '/api/system/Parking/downloadQRCodeBySpace?spaceIds=nope', { token: admin })).body.msg).toBe(
      '没有找到对应的车位',
    );
    expect((await call(app, 'GET', '/api/system/Parking/BuildGateParkingQRCode/p-ft-hqb-02', { token: admin })).body.msg).toBe(
      '该停车场没有可用的车道二维码',
    );
  });
});

describe('getCodeByAddress', () => {
  it.each([
    ['广东省深圳市南山区科技南十二路2号', '440305'],
    ['深圳市福田区福华三路111号', '440304'],
    ['北京市朝阳区建国路', '110105'],
    ['广东省深圳市', '4403'],
  ])('%s → %s', async (address, code) => {
    const res = await call(app, 'GET', `/api/system/Base/Area/getCodeByAddress?address=${encodeURIComponent(address)}`, {
      token: operator,
    });
    expect(res.body.data.code).toBe(code);
  });

  it('explains an address it cannot place', async () => {
    expect(
      (await call(app, 'GET', `/api/system/Base/Area/getCodeByAddress?address=${encodeURIComponent('火星基地')}`, { token: admin })).body
        .msg,
    ).toBe('无法从地址识别行政区划，请填写省、市、区');
    expect((await call(app, 'GET', '/api/system/Base/Area/getCodeByAddress', { token: admin })).body.msg).toBe('地址不能为空');
  });
});
