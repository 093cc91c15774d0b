import type { Db } from '../db/database.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, ok } from '../lib/envelope.ts';
import { asInput, optEnum, optString } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { assertUnique, insertRecord, updateRecord } from '../services/parkingCrud.ts';
import { LANE_COLUMNS, LANE_FROM, LANE_SELECT, type LaneRow, fromLaneRow, toLaneJson, validateLane } from '../services/parkingLaneModel.ts';
import { likeArg, pageOf, uniqueAs } from '../services/parkingQuery.ts';
import { Where, readPage } from '../services/paging.ts';
import { laneScanUrl, publicOrigin } from '../services/parkingQr.ts';

/** /api/system/ParkingLane: list, get, create, update, delete; QR regenerate and void. */

const READ = { menus: ['parkingLane', 'parkingAdmin'] };
const DUP = '该停车场已有相同的车道编号';

async function getLane(db: Db, id: string): Promise<LaneRow | undefined> {
  return (await db.query<LaneRow>(`select ${LANE_SELECT} from ${LANE_FROM} where l.id = $1`, [id])).rows[0];
}

const json = (req: FastifyRequest) => (r: LaneRow) => toLaneJson(r, laneScanUrl(publicOrigin(req), r.parking_id, r.id));

export function registerParkingLaneRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/ParkingLane', { config: { access: READ } }, async (req) => {
    const q = asInput(req.query);
    const w = new Where();
    const parkingId = optString(q.parkingId, '停车场', 64);
    if (parkingId) w.add('l.parking_id = ?', parkingId);
    const areaId = optString(q.areaId, '区域', 64);
    if (areaId) w.add('l.area_id = ?', areaId);
    const keyword = optString(q.keyword, '关键字', 50);
    if (keyword) w.add('(l.lane_code ilike ? or l.lane_name ilike ?)', likeArg(keyword));
    const direction = optEnum(q.direction, [1, 2, 3], '车道方向筛选值不正确');
    if (direction !== undefined) w.add('l.direction = ?', direction);
    const qrStatus = optEnum(q.qrStatus, [0, 1], '二维码状态筛选值不正确');
    if (qrStatus !== undefined) w.add('l.qr_status = ?', qrStatus);
    return ok(await pageOf(db, LANE_FROM, LANE_SELECT, w, 'p.parking_code, l.lane_code', readPage(q), json(req)));
  });

  app.get<{ Params: { id: string } }>('/api/system/ParkingLane/:id', { config: { access: READ } }, async (req) => {
    const row = await getLane(db, req.params.id);
    if (!row) throw notFound();
    return ok(json(req)(row));
  });

  app.post('/api/system/ParkingLane', { config: { access: { buttons: ['lane:add'] } } }, async (req) => {
    const id = newId('l');
    await db
      .transaction(async (tx) => {
        const v = await validateLane(tx, asInput(req.body));
        await assertUnique(tx, 'parking_lane', { parking_id: v.parkingId, lane_code: v.laneCode }, DUP);
        await insertRecord(tx, 'parking_lane', id, LANE_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'create', module: 'parkingLane', recordId: id, detail: `${v.laneCode} ${v.laneName}` });
      })
      .catch(uniqueAs(DUP));
    return ok({ id }, '新建成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/ParkingLane/:id', { config: { access: { buttons: ['lane:edit'] } } }, async (req) => {
    await db
      .transaction(async (tx) => {
        const row = await getLane(tx, req.params.id);
        if (!row) throw notFound();
        const v = await validateLane(tx, { ...fromLaneRow(row), ...asInput(req.body) });
        await assertUnique(tx, 'parking_lane', { parking_id: v.parkingId, lane_code: v.laneCode }, DUP, row.id);
        await updateRecord(tx, 'parking_lane', row.id, LANE_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'update', module: 'parkingLane', recordId: row.id, detail: `${v.laneCode} ${v.laneName}` });
      })
      .catch(uniqueAs(DUP));
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/ParkingLane/:id', { config: { access: { buttons: ['lane:delete'] } } }, async (req) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ lane_code: string; lane_name: string }>('delete from parking_lane where id = $1 returning lane_code, lane_name', [req.params.id]);
      if (!rows[0]) throw notFound();
      await writeOperLog(tx, req, { action: 'delete', module: 'parkingLane', recordId: req.params.id, detail: `${rows[0].lane_code} ${rows[0].lane_name}` });
    });
    return ok(null, '删除成功');
  });

  // regenerate: a new version and time, valid again; void: downloads are refused until regenerated
  for (const [action, status, msg] of [['RegenerateQr', 1, '二维码已重新生成'], ['VoidQr', 0, '二维码已作废']] as const) {
    app.put<{ Params: { id: string } }>(`/api/system/ParkingLane/:id/Actions/${action}`, { config: { access: { buttons: ['lane:qrcode'] } } }, async (req) => {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ lane_code: string }>(
          `update parking_lane set qr_status = $2::smallint, qr_version = qr_version + $2::int,
             qr_time = case when $2::int = 1 then now() else qr_time end, last_modify_time = now() where id = $1 returning lane_code`,
          [req.params.id, status],
        );
        if (!rows[0]) throw notFound();
        await writeOperLog(tx, req, { action: 'status', module: 'parkingLane', recordId: req.params.id, detail: `${rows[0].lane_code} ${msg}` });
      });
      return ok(null, msg);
    });
  }
}
