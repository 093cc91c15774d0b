import { devicesOffline } from '../figures/devices.ts';
import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { heartbeatJob } from '../jobs/device-heartbeat.ts';
import { startJobs } from '../jobs/leader.ts';
import { call, withTestServer } from './helpers.ts';

/** Areas, lanes, spaces and devices: lists, validation (each bad field, nothing written), permissions. */

let app: FastifyInstance;
let db: Db;
let admin: string;
let operator: string;
withTestServer((s) => ({ app, db, admin, operator } = s));

const n = async (table: string): Promise<number> => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;
const logs = async (): Promise<number> => n('oper_log');

/** Each case must answer 400 with its msg and change neither the table nor the log. */
async function rejects(method: 'POST' | 'PUT', url: string, table: string, body: unknown, msg: string): Promise<void> {
  const [rows, log] = [await n(table), await logs()];
  const res = await call(app, method, url, { token: admin, json: body });
  expect(res.body).toEqual({ code: 400, msg, data: null });
  expect([await n(table), await logs()]).toEqual([rows, log]);
}

describe('areas', () => {
  it('lists a tree district → street → lot → zone, flat when filtered', async () => {
    const { list } = (await call(app, 'GET', '/api/system/ParkingArea', { token: admin })).body.data;
    expect(list.map((a: { areaName: string }) => a.areaName).sort()).toEqual(['南山区', '福田区', '罗湖区']);
    const ft = list.find((a: { areaCode: string }) => a.areaCode === '440304');
    const street = ft.children.find((s: { areaName: string }) => s.areaName === '福田街道');
    const cbd = street.children.find((l: { parkingId: string }) => l.parkingId === 'p-ft-cbd-04');
    expect(cbd.children.map((z: { areaName: string }) => z.areaName)).toEqual(['B1层', 'B2层']);
    const zones = (await call(app, 'GET', '/api/system/ParkingArea?parkingId=p-ft-cbd-04&level=5', { token: admin })).body.data.list;
    expect(zones).toHaveLength(2);
    expect(zones[0].children).toBeUndefined();
  });

  const base = { areaName: '新分区', areaCode: 'T-ZONE-1', level: 5, parentId: 'a-p-ns-kjy-01' };
  it.each([
    [{ areaName: '' }, '区域名称不能为空'],
    [{ areaCode: '区域' }, '区域编号只能包含字母、数字、下划线或短横线，2-32位'],
    [{ areaCode: '440304' }, '区域编号已存在'],
    [{ level: 7 }, '区域层级只能是1（行政区）、2（街道）、3（路段）、4（停车场）或5（场内分区）'],
    [{ parentId: '' }, '请选择上级区域'],
    [{ parentId: 'nope' }, '上级区域不存在'],
    [{ level: 1 }, '行政区不能有上级区域'],
    [{ level: 2, parentId: 'a-440305', parkingId: 'p-ns-kjy-01' }, '行政区和街道不能关联停车场'],
    [{ level: 4, parentId: 'a-440305' }, '停车场层级的区域必须关联停车场'],
    [{ parentId: 'a-440305' }, '场内分区的上级必须是停车场或路段'],
  ])('create refuses %o', async (patch, msg) => rejects('POST', '/api/system/ParkingArea', 'parking_area', { ...base, ...patch }, msg));

  it('creates, refuses cycles and deletes only leaves without lanes or spaces', async () => {
    const id = (await call(app, 'POST', '/api/system/ParkingArea', { token: admin, json: base })).body.data.id;
    expect((await call(app, 'GET', `/api/system/ParkingArea/${id}`, { token: admin })).body.data).toMatchObject({
      parkingId: 'p-ns-kjy-01',
      level: 5,
    });
    await rejects(
      'PUT',
      '/api/system/ParkingArea/a-440305',
      'parking_area',
      { level: 3, parentId: 'a-440304' },
      '下级区域的层级必须低于本区域',
    );
    expect((await call(app, 'DELETE', '/api/system/ParkingArea/a-440305', { token: admin })).body.msg).toMatch(
      /^该区域下还有\d+个下级区域，不能删除$/,
    );
    expect((await call(app, 'DELETE', '/api/system/ParkingArea/a-p-ft-cbd-04-b1', { token: admin })).body.msg).toMatch(
      /^该区域已绑定\d+个车道或车位，不能删除$/,
    );
    expect((await call(app, 'DELETE', `/api/system/ParkingArea/${id}`, { token: admin })).body.code).toBe(200);
    expect((await call(app, 'POST', '/api/system/ParkingArea', { token: operator, json: base })).status).toBe(403);
  });
});

describe('lanes', () => {
  const base = { parkingId: 'p-ns-kjy-01', laneCode: 'T01', laneName: '测试入口', direction: 1, qrType: 1, nonMemberPolicy: 2 };
  it.each([
    [{ parkingId: '' }, '所属停车场不能为空'],
    [{ parkingId: 'nope' }, '所属停车场不存在'],
    [{ parkingId: 'p-ft-hqb-02' }, '路内泊位没有车道，请选择道闸车场或充电站'],
    [{ laneCode: '入口1' }, '车道编号只能包含字母、数字、下划线或短横线，1-20位'],
    [{ laneCode: 'IN01' }, '该停车场已有相同的车道编号'],
    [{ laneName: ' ' }, '车道名称不能为空'],
    [{ direction: 4 }, '车道方向只能是1（入口）、2（出口）或3（出入口）'],
    [{ qrType: null }, '二维码类型不能为空'],
    [{ nonMemberPolicy: 9 }, '非会员车辆策略只能是1（放行收费）、2（禁止通行）或3（人工确认）'],
    [{ areaId: 'a-p-ft-cbd-04-b1' }, '所属区域不属于该停车场'],
    [{ barrierDeviceId: 'd-cam-ns-kjy-01-1' }, '道闸控制器不存在或不属于该停车场'],
  ])('create refuses %o', async (patch, msg) => rejects('POST', '/api/system/ParkingLane', 'parking_lane', { ...base, ...patch }, msg));

  it('lists with filters and a scan URL, creates, edits, deletes', async () => {
    const page = (await call(app, 'GET', '/api/system/ParkingLane?parkingId=p-ft-cbd-04&direction=2&pageSize=3', { token: operator })).body
      .data;
    expect(page.pagination).toEqual({ currentPage: 1, pageSize: 3, total: 4 });
    expect(page.list[0]).toMatchObject({
      direction: 2,
      parkingName: '福田中心区会展中心停车场',
      scanUrl: expect.stringMatching(/\/scan\.html#\/scanQRcode\?parkingId=p-ft-cbd-04&laneId=/),
    });
    const id = (
      await call(app, 'POST', '/api/system/ParkingLane', { token: admin, json: { ...base, barrierDeviceId: 'd-bar-ns-kjy-01-1' } })
    ).body.data.id;
    expect((await call(app, 'PUT', `/api/system/ParkingLane/${id}`, { token: operator, json: { laneName: '改名' } })).body.code).toBe(200);
    expect((await call(app, 'GET', `/api/system/ParkingLane/${id}`, { token: admin })).body.data).toMatchObject({
      laneName: '改名',
      barrierName: '1号入口道闸控制器',
      qrStatus: 1,
    });
    expect((await call(app, 'DELETE', `/api/system/ParkingLane/${id}`, { token: operator })).status).toBe(403);
    expect((await call(app, 'DELETE', `/api/system/ParkingLane/${id}`, { token: admin })).body.code).toBe(200);
  });
});

describe('spaces', () => {
  const base = { parkingId: 'p-ns-kjy-01', spaceNo: 'T-001', spaceType: 1 };
  it.each([
    [{ spaceNo: '' }, '车位编号不能为空'],
    [{ spaceNo: 'P0001' }, '该停车场已有相同的车位编号：P0001'],
    [{ spaceNo: 'A 1' }, '车位编号只能包含字母、数字或短横线，1-20位'],
    [{ spaceType: 8 }, '车位类型只能是1（临时）、2（产权）、3（长租）、4（访客）、5（充电）或6（无障碍）'],
    [{ status: 7 }, '车位状态只能是0（空闲）、1（占用）、2（预约）、3（故障）或4（停用）'],
    [{ status: 1, plateNo: '粤B1234' }, '当前车牌格式不正确'],
    [{ status: 1, plateNo: '粤BI2345' }, '当前车牌格式不正确'],
    [{ plateNo: '粤B12345' }, '只有占用中的车位可以填写当前车牌'],
    [{ holderName: '张三' }, '只有长租车位可以登记长租人'],
    [{ spaceType: 3, holderName: '张三' }, '登记长租人需要填写长租人、开始日期和结束日期'],
    [{ spaceType: 3, holderName: '张三', rentalStart: '2026-05-01', rentalEnd: '2026-04-01' }, '长租结束日期不能早于开始日期'],
    [{ spaceType: 3, holderName: '张三', holderPhone: '123', rentalStart: '2026-05-01', rentalEnd: '2027-04-01' }, '请输入正确的电话号码'],
    [{ spaceType: 3, holderName: '张三', rentalStart: '2026-13-01', rentalEnd: '2027-04-01' }, '长租开始日期格式不正确，应为YYYY-MM-DD'],
  ])('create refuses %o', async (patch, msg) => rejects('POST', '/api/system/ParkingSpace', 'parking_space', { ...base, ...patch }, msg));

  it('batch add is all or nothing', async () => {
    const batch = { parkingId: 'p-ns-kjy-01', prefix: 'C-', startNo: 1, count: 20, digits: 3, spaceType: 5 };
    await rejects('POST', '/api/system/ParkingSpace/batch', 'parking_space', { ...batch, count: 501 }, '新增数量必须是1到500之间的整数');
    await rejects(
      'POST',
      '/api/system/ParkingSpace/batch',
      'parking_space',
      { ...batch, prefix: 'P', digits: 4 },
      '该停车场已有相同的车位编号：P0001、P0002、P0003、P0004、P0005',
    );
    const ok = await call(app, 'POST', '/api/system/ParkingSpace/batch', { token: admin, json: batch });
    expect(ok.body).toMatchObject({ code: 200, msg: '已新增20个车位' });
    const list = (await call(app, 'GET', '/api/system/ParkingSpace?parkingId=p-ns-kjy-01&keyword=C-0&pageSize=50', { token: admin })).body
      .data.list;
    expect(list.map((s: { spaceNo: string }) => s.spaceNo)).toEqual(
      Array.from({ length: 20 }, (_, i) => `C-${String(i + 1).padStart(3, '0')}`),
    );
    expect((await call(app, 'POST', '/api/system/ParkingSpace/batch', { token: operator, json: { ...batch, prefix: 'D-' } })).status).toBe(
      403,
    );
  });

  it('a car leaving takes its plate along; occupied spaces cannot be deleted', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from parking_space where status = 1 and space_type = 1 limit 1`);
    const id = rows[0].id;
    expect((await call(app, 'DELETE', `/api/system/ParkingSpace/${id}`, { token: admin })).body.msg).toBe('车位占用中，不能删除');
    expect((await call(app, 'PUT', `/api/system/ParkingSpace/${id}`, { token: operator, json: { status: 0 } })).body.code).toBe(200);
    expect((await call(app, 'GET', `/api/system/ParkingSpace/${id}`, { token: admin })).body.data).toMatchObject({
      status: 0,
      plateNo: '',
      plateColor: null,
    });
  });

  it('releases a long-rental space: holder and period cleared, status free', async () => {
    const { rows } = await db.query<{ id: string }>(
      `select id from parking_space where space_type = 3 and holder_name <> '' and status = 1 limit 1`,
    );
    const id = rows[0].id;
    const res = await call(app, 'PUT', `/api/system/Parking/updateLongRentalSpaceLeave/${id}`, { token: operator });
    expect(res.body).toMatchObject({ code: 200, msg: '退租成功' });
    expect((await call(app, 'GET', `/api/system/ParkingSpace/${id}`, { token: admin })).body.data).toMatchObject({
      status: 0,
      holderName: '',
      holderPhone: '',
      rentalStart: '',
      rentalEnd: '',
      plateNo: '',
    });
    expect((await call(app, 'PUT', `/api/system/Parking/updateLongRentalSpaceLeave/${id}`, { token: admin })).body.msg).toBe(
      '该长租车位当前没有租户',
    );
    expect((await call(app, 'PUT', '/api/system/Parking/updateLongRentalSpaceLeave/s-ft-hqb-02-1', { token: admin })).body.msg).toBe(
      '只有长租车位可以办理退租',
    );
  });
});

describe('devices', () => {
  const base = { deviceCode: 'T-CAM-1', deviceName: '测试相机', deviceType: 1, parkingId: 'p-ns-kjy-01', ip: '192.168.9.9' };
  it.each([
    [{ deviceCode: 'CAM-NS-KJY-01-IN01' }, '设备编号已存在'],
    [{ deviceCode: 'x' }, '设备编号只能包含字母、数字、下划线或短横线，2-40位'],
    [{ deviceName: '' }, '设备名称不能为空'],
    [{ deviceType: 6 }, '设备类型只能是1（相机）、2（道闸控制器）、3（LED屏）、4（地磁）或5（充电桩）'],
    [{ parkingId: 'nope' }, '所属停车场不存在'],
    [{ laneId: 'l-ft-cbd-04-1' }, '所属车道不属于该停车场'],
    [{ ip: '300.1.1.1' }, 'IP地址格式不正确'],
    [{ heartbeatInterval: 5 }, '心跳间隔必须是10到3600之间的整数（秒）'],
  ])('create refuses %o', async (patch, msg) => rejects('POST', '/api/system/Device', 'device', { ...base, ...patch }, msg));

  it('online means a heartbeat within 3 intervals; the list counts both', async () => {
    await db.query(`update device set last_heartbeat = now() - interval '80 seconds', sim_fault = false where id = 'd-cam-ns-kjy-01-1'`);
    await db.query(`update device set last_heartbeat = now() - interval '100 seconds', sim_fault = false where id = 'd-bar-ns-kjy-01-1'`);
    const q = (qs: string) => call(app, 'GET', `/api/system/Device?parkingId=p-ns-kjy-01&${qs}`, { token: operator });
    const cam = (await q('keyword=CAM-NS-KJY-01-IN01')).body.data;
    expect(cam.list[0]).toMatchObject({ online: 1, deviceType: 1, laneName: '1号入口' });
    expect((await q('keyword=BAR-NS-KJY-01-IN01')).body.data.list[0].online).toBe(0);
    const offline = (await q('online=0&pageSize=100')).body.data;
    expect(offline.list.every((d: { online: number }) => d.online === 0)).toBe(true);
    expect(offline.summary.online + offline.summary.offline).toBe((await q('')).body.data.pagination.total);
    expect((await call(app, 'POST', '/api/system/Device', { token: operator, json: base })).status).toBe(403);
  });

  it('离线时长 lists the devices silent at least that long, as the dashboard counts them', async () => {
    await db.query(`update device set last_heartbeat = now() - interval '2 hours', sim_fault = false where id = 'd-cam-ns-kjy-01-1'`);
    await db.query(`update device set last_heartbeat = now() - interval '10 minutes', sim_fault = false where id = 'd-bar-ns-kjy-01-1'`);
    const q = (qs: string) => call(app, 'GET', `/api/system/Device?parkingId=p-ns-kjy-01&pageSize=500&${qs}`, { token: operator });
    const silent = (await q('silentMinutes=60')).body.data.list.map((d: { id: string }) => d.id);
    expect(silent).toContain('d-cam-ns-kjy-01-1');
    expect(silent).not.toContain('d-bar-ns-kjy-01-1');
    const counted = await devicesOffline(db, ['p-ns-kjy-01'], 60, 0);
    expect(silent).toHaveLength(counted.count);
    expect((await q('silentMinutes=0')).body).toMatchObject({ code: 400, msg: '离线时长必须是1到525600之间的整数（分钟）' });
  });

  it('the simulator brings silent devices back', async () => {
    await db.query(`update device set last_heartbeat = now() - interval '1 day', sim_fault = false where id = 'd-cam-ns-kjy-01-3'`);
    const stop = startJobs(db, [heartbeatJob(20)], () => {});
    // each tick refreshes a device nine times in ten: a busy machine may run only one in a while
    const fresh = async () =>
      (
        await db.query<{ fresh: boolean }>(
          `select last_heartbeat > now() - interval '5 seconds' as fresh from device where id = 'd-cam-ns-kjy-01-3'`,
        )
      ).rows[0].fresh;
    await expect.poll(fresh, { timeout: 10_000 }).toBe(true);
    await stop();
  });
});
