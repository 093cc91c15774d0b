import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../lib/envelope.ts';
import { asInput, optEnum, optString } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { assertUnique, insertRecord, updateRecord } from '../services/parkingCrud.ts';
import { DEVICE_COLUMNS, DEVICE_FROM, DEVICE_SELECT, type DeviceRow, ONLINE_SQL, toDeviceJson, validateDevice } from '../services/parkingDeviceModel.ts';
import { likeArg, pageOf, uniqueAs } from '../services/parkingQuery.ts';
import { Where, readPage } from '../services/paging.ts';

/** /api/system/Device: monitoring list (with online/offline counts), get, create, update, delete. */

const READ = { menus: ['device', 'parkingLane'] };
const DUP = '设备编号已存在';

async function getDevice(db: Db, id: string): Promise<DeviceRow | undefined> {
  return (await db.query<DeviceRow>(`select ${DEVICE_SELECT} from ${DEVICE_FROM} where d.id = $1`, [id])).rows[0];
}

export function registerParkingDeviceRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/Device', { config: { access: READ } }, async (req) => {
    const q = asInput(req.query);
    const w = new Where();
    const parkingId = optString(q.parkingId, '停车场', 64);
    if (parkingId) w.add('d.parking_id = ?', parkingId);
    const laneId = optString(q.laneId, '车道', 64);
    if (laneId) w.add('d.lane_id = ?', laneId);
    const deviceType = optEnum(q.deviceType, [1, 2, 3, 4, 5], '设备类型筛选值不正确');
    if (deviceType !== undefined) w.add('d.device_type = ?', deviceType);
    const keyword = optString(q.keyword, '关键字', 40);
    if (keyword) w.add('(d.device_code ilike ? or d.device_name ilike ? or d.ip ilike ?)', likeArg(keyword));
    // counts for the header are of the lot/type filter, before the online filter narrows the rows
    const counts = (await db.query<{ online: number; offline: number }>(
      `select count(*) filter (where ${ONLINE_SQL})::int as online, count(*) filter (where not ${ONLINE_SQL})::int as offline from ${DEVICE_FROM} ${w.sql}`,
      w.params,
    )).rows[0];
    const online = optEnum(q.online, [0, 1], '在线状态筛选值不正确');
    if (online !== undefined) w.conds.push(online ? ONLINE_SQL : `not ${ONLINE_SQL}`);
    const page = await pageOf(db, DEVICE_FROM, DEVICE_SELECT, w, 'p.parking_code, d.device_type, d.device_code', readPage(q), toDeviceJson);
    return ok({ ...page, summary: counts });
  });

  app.get<{ Params: { id: string } }>('/api/system/Device/:id', { config: { access: READ } }, async (req) => {
    const row = await getDevice(db, req.params.id);
    if (!row) throw notFound();
    return ok(toDeviceJson(row));
  });

  app.post('/api/system/Device', { config: { access: { buttons: ['device:add'] } } }, async (req) => {
    const id = newId('d');
    await db
      .transaction(async (tx) => {
        const v = await validateDevice(tx, asInput(req.body));
        await assertUnique(tx, 'device', { device_code: v.deviceCode }, DUP);
        await insertRecord(tx, 'device', id, DEVICE_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'create', module: 'device', recordId: id, detail: `${v.deviceCode} ${v.deviceName}` });
      })
      .catch(uniqueAs(DUP));
    return ok({ id }, '新建成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/Device/:id', { config: { access: { buttons: ['device:edit'] } } }, async (req) => {
    await db
      .transaction(async (tx) => {
        const row = await getDevice(tx, req.params.id);
        if (!row) throw notFound();
        const v = await validateDevice(tx, { ...toDeviceJson(row), ...asInput(req.body) });
        await assertUnique(tx, 'device', { device_code: v.deviceCode }, DUP, row.id);
        await updateRecord(tx, 'device', row.id, DEVICE_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'update', module: 'device', recordId: row.id, detail: `${v.deviceCode} ${v.deviceName}` });
      })
      .catch(uniqueAs(DUP));
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/Device/:id', { config: { access: { buttons: ['device:delete'] } } }, async (req) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ device_code: string }>('delete from device where id = $1 returning device_code', [req.params.id]);
      if (!rows[0]) throw notFound();
      await writeOperLog(tx, req, { action: 'delete', module: 'device', recordId: req.params.id, detail: rows[0].device_code });
    });
    return ok(null, '删除成功');
  });
}
