import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput, optEnum, optString } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { insertRecord, updateRecord } from '../services/parkingCrud.ts';
import { likeArg, pageOf, uniqueAs } from '../services/parkingQuery.ts';
import { Where, readPage } from '../services/paging.ts';
import { SPACE_COLUMNS, SPACE_FROM, SPACE_SELECT, type SpaceRow, checkLotAndArea, toSpaceJson, validateBatch, validateSpace } from '../services/parkingSpaceModel.ts';

/** /api/system/ParkingSpace: list, get, create, batch create, update, delete. */

const READ = { menus: ['parkingSpace', 'parkingAdmin'] };
const DUP = '该停车场已有相同的车位编号';

async function getSpace(db: Db, id: string): Promise<SpaceRow | undefined> {
  return (await db.query<SpaceRow>(`select ${SPACE_SELECT} from ${SPACE_FROM} where s.id = $1`, [id])).rows[0];
}

async function assertFree(db: Db, parkingId: string, numbers: string[], exceptId = ''): Promise<void> {
  const { rows } = await db.query<{ space_no: string }>(
    'select space_no from parking_space where parking_id = $1 and space_no = any($2::text[]) and id <> $3 order by space_no limit 5',
    [parkingId, numbers, exceptId],
  );
  if (rows.length) throw badRequest(`${DUP}：${rows.map((r) => r.space_no).join('、')}`);
}

export function registerParkingSpaceRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/ParkingSpace', { config: { access: READ } }, async (req) => {
    const q = asInput(req.query);
    const w = new Where();
    const parkingId = optString(q.parkingId, '停车场', 64);
    if (parkingId) w.add('s.parking_id = ?', parkingId);
    const areaId = optString(q.areaId, '区域', 64);
    if (areaId) w.add('s.area_id = ?', areaId);
    const keyword = optString(q.keyword, '关键字', 20);
    if (keyword) w.add('(s.space_no ilike ? or s.plate_no ilike ? or s.holder_name ilike ?)', likeArg(keyword));
    const spaceType = optEnum(q.spaceType, [1, 2, 3, 4, 5, 6], '车位类型筛选值不正确');
    if (spaceType !== undefined) w.add('s.space_type = ?', spaceType);
    const status = optEnum(q.status, [0, 1, 2, 3, 4], '车位状态筛选值不正确');
    if (status !== undefined) w.add('s.status = ?', status);
    return ok(await pageOf(db, SPACE_FROM, SPACE_SELECT, w, 'p.parking_code, s.space_no', readPage(q), toSpaceJson));
  });

  app.get<{ Params: { id: string } }>('/api/system/ParkingSpace/:id', { config: { access: READ } }, async (req) => {
    const row = await getSpace(db, req.params.id);
    if (!row) throw notFound();
    return ok(toSpaceJson(row));
  });

  app.post('/api/system/ParkingSpace', { config: { access: { buttons: ['space:add'] } } }, async (req) => {
    const id = newId('s');
    await db
      .transaction(async (tx) => {
        const v = await validateSpace(tx, asInput(req.body));
        await assertFree(tx, v.parkingId, [v.spaceNo]);
        await insertRecord(tx, 'parking_space', id, SPACE_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'create', module: 'parkingSpace', recordId: id, detail: v.spaceNo });
      })
      .catch(uniqueAs(DUP));
    return ok({ id }, '新建成功');
  });

  // all or nothing: one taken number refuses the whole batch
  app.post('/api/system/ParkingSpace/batch', { config: { access: { buttons: ['space:add', 'space:import'] } } }, async (req) => {
    const b = validateBatch(asInput(req.body));
    await db
      .transaction(async (tx) => {
        await checkLotAndArea(tx, b.parkingId, b.areaId);
        await assertFree(tx, b.parkingId, b.numbers);
        await tx.query(
          `insert into parking_space (id, parking_id, area_id, space_no, space_type)
           select 's-' || md5(random()::text || n), $1, $2, n, $3 from unnest($4::text[]) n`,
          [b.parkingId, b.areaId, b.spaceType, b.numbers],
        );
        await writeOperLog(tx, req, { action: 'create', module: 'parkingSpace', recordId: b.parkingId, detail: `批量新增${b.numbers.length}个：${b.numbers[0]}~${b.numbers.at(-1)}` });
      })
      .catch(uniqueAs(DUP));
    return ok({ count: b.numbers.length }, `已新增${b.numbers.length}个车位`);
  });

  app.put<{ Params: { id: string } }>('/api/system/ParkingSpace/:id', { config: { access: { buttons: ['space:edit'] } } }, async (req) => {
    await db
      .transaction(async (tx) => {
        const row = await getSpace(tx, req.params.id);
        if (!row) throw notFound();
        const cur = toSpaceJson(row);
        const body = asInput(req.body);
        // a car leaving (status no longer occupied) takes its plate with it unless one is given
        if (body.status !== undefined && Number(body.status) !== 1 && body.plateNo === undefined) cur.plateNo = '';
        const v = await validateSpace(tx, { ...cur, ...body });
        await assertFree(tx, v.parkingId, [v.spaceNo], row.id);
        await updateRecord(tx, 'parking_space', row.id, SPACE_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'update', module: 'parkingSpace', recordId: row.id, detail: v.spaceNo });
      })
      .catch(uniqueAs(DUP));
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/ParkingSpace/:id', { config: { access: { buttons: ['space:delete'] } } }, async (req) => {
    await db.transaction(async (tx) => {
      const row = await getSpace(tx, req.params.id);
      if (!row) throw notFound();
      if (row.status === 1) throw badRequest('车位占用中，不能删除');
      await tx.query('delete from parking_space where id = $1', [row.id]);
      await writeOperLog(tx, req, { action: 'delete', module: 'parkingSpace', recordId: row.id, detail: row.space_no });
    });
    return ok(null, '删除成功');
  });
}
