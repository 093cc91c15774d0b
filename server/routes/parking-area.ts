import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput, optEnum, optString } from '../lib/fields.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { AREA_COLUMNS, AREA_FROM, AREA_SELECT, type AreaRow, buildTree, toAreaJson, validateArea } from '../services/parkingAreaModel.ts';
import { assertUnique, insertRecord, updateRecord } from '../services/parkingCrud.ts';
import { likeArg, uniqueAs } from '../services/parkingQuery.ts';
import { Where } from '../services/paging.ts';

/**
 * /api/system/ParkingArea. The list is the whole tree (it is small: districts, streets, lots, zones),
 * nested under `children`; with a filter or `flat=1` it is the matching nodes, flat (for selects).
 */

const READ = { menus: ['parkingArea', 'parkingAdmin', 'parkingLane', 'parkingSpace'] };
const DUP = '区域编号已存在';

export function registerParkingAreaRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/ParkingArea', { config: { access: READ } }, async (req) => {
    const q = asInput(req.query);
    const w = new Where();
    const parkingId = optString(q.parkingId, '停车场', 64);
    if (parkingId) w.add('a.parking_id = ?', parkingId);
    const keyword = optString(q.keyword, '关键字', 30);
    if (keyword) w.add('(a.area_name ilike ? or a.area_code ilike ?)', likeArg(keyword));
    const level = optEnum(q.level, [1, 2, 3, 4, 5], '区域层级筛选值不正确');
    if (level !== undefined) w.add('a.level = ?', level);
    const { rows } = await db.query<AreaRow>(`select ${AREA_SELECT} from ${AREA_FROM} ${w.sql} order by a.level, a.sort_code, a.area_code`, w.params);
    const flat = rows.map(toAreaJson);
    const list = q.flat === '1' || w.conds.length ? flat : buildTree(flat);
    return ok({ list, pagination: { currentPage: 1, pageSize: flat.length, total: flat.length } });
  });

  app.get<{ Params: { id: string } }>('/api/system/ParkingArea/:id', { config: { access: READ } }, async (req) => {
    const row = (await db.query<AreaRow>(`select ${AREA_SELECT} from ${AREA_FROM} where a.id = $1`, [req.params.id])).rows[0];
    if (!row) throw notFound();
    return ok(toAreaJson(row));
  });

  app.post('/api/system/ParkingArea', { config: { access: { buttons: ['area:add'] } } }, async (req) => {
    const id = newId('a');
    await db
      .transaction(async (tx) => {
        const v = await validateArea(tx, asInput(req.body));
        await assertUnique(tx, 'parking_area', { area_code: v.areaCode }, DUP);
        await insertRecord(tx, 'parking_area', id, AREA_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'create', module: 'parkingArea', recordId: id, detail: `${v.areaCode} ${v.areaName}` });
      })
      .catch(uniqueAs(DUP));
    return ok({ id }, '新建成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/ParkingArea/:id', { config: { access: { buttons: ['area:edit'] } } }, async (req) => {
    await db
      .transaction(async (tx) => {
        const row = (await tx.query<AreaRow>(`select ${AREA_SELECT} from ${AREA_FROM} where a.id = $1`, [req.params.id])).rows[0];
        if (!row) throw notFound();
        const v = await validateArea(tx, { ...toAreaJson(row), ...asInput(req.body) }, row.id);
        await assertUnique(tx, 'parking_area', { area_code: v.areaCode }, DUP, row.id);
        const child = (await tx.query<{ level: number }>('select min(level)::int as level from parking_area where parent_id = $1', [row.id])).rows[0];
        if (child?.level && child.level <= v.level) throw badRequest('下级区域的层级必须低于本区域');
        await updateRecord(tx, 'parking_area', row.id, AREA_COLUMNS, v);
        await writeOperLog(tx, req, { action: 'update', module: 'parkingArea', recordId: row.id, detail: `${v.areaCode} ${v.areaName}` });
      })
      .catch(uniqueAs(DUP));
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/ParkingArea/:id', { config: { access: { buttons: ['area:delete'] } } }, async (req) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ area_code: string; children: number; used: number }>(
        `select area_code, (select count(*)::int from parking_area c where c.parent_id = a.id) as children,
                (select count(*)::int from parking_lane where area_id = a.id) + (select count(*)::int from parking_space where area_id = a.id) as used
           from parking_area a where a.id = $1`,
        [req.params.id],
      );
      const a = rows[0];
      if (!a) throw notFound();
      if (a.children) throw badRequest(`该区域下还有${a.children}个下级区域，不能删除`);
      if (a.used) throw badRequest(`该区域已绑定${a.used}个车道或车位，不能删除`);
      await tx.query('delete from parking_area where id = $1', [req.params.id]);
      await writeOperLog(tx, req, { action: 'delete', module: 'parkingArea', recordId: req.params.id, detail: a.area_code });
    });
    return ok(null, '删除成功');
  });
}
