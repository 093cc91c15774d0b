import type { Db } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { assertUnique } from '../services/parkingCrud.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { asInput } from '../lib/fields.ts';
import { readPage } from '../services/paging.ts';
import { lotFilters } from '../services/parkingFilters.ts';
import { pageOf, uniqueAs } from '../services/parkingQuery.ts';
import { newId } from '../lib/ids.ts';
import { writeOperLog } from '../lib/operLog.ts';
import { bindingOf } from '../services/parkingBind.ts';
import { registerParkingAreaRoutes } from './parking-area.ts';
import { registerParkingDeviceRoutes } from './parking-device.ts';
import { registerParkingFiles } from './parking-files.ts';
import { registerParkingLaneRoutes } from './parking-lane.ts';
import { registerParkingLotActions } from './parking-lot-actions.ts';
import { registerParkingSpaceRoutes } from './parking-space.ts';
import { PARKING_FIELDS, type ParkingInput, type ParkingRow, toParkingJson, validateParking } from '../services/parkingModel.ts';

/** /api/system/Parking: list (also a lookup for other screens), get, create, update, delete. */

const LOOKUP_MENUS = ['parkingAdmin', 'parkingLane', 'parkingSpace', 'device', 'chargingStation'];
const CODE_TAKEN = '停车场编号已存在';
const COLUMNS = PARKING_FIELDS.map(([col]) => col);

async function getRow(db: Db, id: string): Promise<ParkingRow | undefined> {
  return (await db.query<ParkingRow>('select * from parking where id = $1', [id])).rows[0];
}

// fee rules go to a jsonb column as JSON text
const values = (v: ParkingInput): unknown[] => PARKING_FIELDS.map(([, key]) => (key === 'feeRules' ? JSON.stringify(v.feeRules) : v[key]));

/** Every parking infrastructure route. */
export function registerParkingRoutes(app: FastifyInstance, db: Db): void {
  registerParkingLotActions(app, db);
  registerParkingFiles(app, db);
  registerParkingAreaRoutes(app, db);
  registerParkingLaneRoutes(app, db);
  registerParkingSpaceRoutes(app, db);
  registerParkingDeviceRoutes(app, db);
  registerParkingLotRoutes(app, db);
}

function registerParkingLotRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/system/Parking', { config: { access: { menus: LOOKUP_MENUS } } }, async (req) => {
    const q = asInput(req.query);
    const page = readPage(q);
    return ok(await pageOf(db, 'parking', '*', lotFilters(q), 'sort_code, create_time desc, id', page, toParkingJson));
  });

  app.get<{ Params: { id: string } }>('/api/system/Parking/:id', { config: { access: { menus: ['parkingAdmin'] } } }, async (req) => {
    const row = await getRow(db, req.params.id);
    if (!row) throw notFound();
    return ok(toParkingJson(row));
  });

  app.post('/api/system/Parking', { config: { access: { buttons: ['parking:add'] } } }, async (req) => {
    const v = validateParking(asInput(req.body));
    const id = newId('p');
    await db
      .transaction(async (tx) => {
        await assertUnique(tx, 'parking', { parking_code: v.parkingCode }, CODE_TAKEN);
        const placeholders = COLUMNS.map((_, i) => `$${i + 2}`).join(', ');
        await tx.query(`insert into parking (id, ${COLUMNS.join(', ')}) values ($1, ${placeholders})`, [id, ...values(v)]);
        await writeOperLog(tx, req, { action: 'create', module: 'parking', recordId: id, detail: `${v.parkingCode} ${v.parkingName}` });
      })
      .catch(uniqueAs(CODE_TAKEN));
    return ok({ id }, '新建成功');
  });

  app.put<{ Params: { id: string } }>('/api/system/Parking/:id', { config: { access: { buttons: ['parking:edit'] } } }, async (req) => {
    const existing = await getRow(db, req.params.id);
    if (!existing) throw notFound();
    const v = validateParking({ ...toParkingJson(existing), ...asInput(req.body) });
    await db
      .transaction(async (tx) => {
        await assertUnique(tx, 'parking', { parking_code: v.parkingCode }, CODE_TAKEN, existing.id);
        if (v.parkingCode !== existing.parking_code || v.type !== existing.type) {
          const bound = await bindingOf(tx, existing.id);
          if (!bound.canDelete) throw badRequest(`${bound.reason}，不能修改停车场编号或管理方式`);
        }
        const sets = COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
        await tx.query(`update parking set ${sets}, last_modify_time = now() where id = $1`, [existing.id, ...values(v)]);
        await writeOperLog(tx, req, { action: 'update', module: 'parking', recordId: existing.id, detail: `${v.parkingCode} ${v.parkingName}` });
      })
      .catch(uniqueAs(CODE_TAKEN));
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: string } }>('/api/system/Parking/:id', { config: { access: { buttons: ['parking:delete'] } } }, async (req) => {
    await db.transaction(async (tx) => {
      if (!(await getRow(tx, req.params.id))) throw notFound();
      const bound = await bindingOf(tx, req.params.id);
      if (!bound.canDelete) throw badRequest(`${bound.reason}，不能删除`);
      // the lot's own area nodes go with it, zones before the lot node they hang under
      await tx.query('delete from parking_area where parking_id = $1 and level = 5', [req.params.id]);
      await tx.query('delete from parking_area where parking_id = $1', [req.params.id]);
      const { rows } = await tx.query<{ parking_code: string; parking_name: string }>(
        'delete from parking where id = $1 returning parking_code, parking_name',
        [req.params.id],
      );
      if (!rows[0]) throw notFound();
      await writeOperLog(tx, req, { action: 'delete', module: 'parking', recordId: req.params.id, detail: `${rows[0].parking_code} ${rows[0].parking_name}` });
    });
    return ok(null, '删除成功');
  });
}
