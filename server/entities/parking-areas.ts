import { badRequest } from '../lib/envelope.ts';
import { defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { parkingLots } from './parking-lots.ts';
import { AREA_LEVEL } from '../../domain/estate-codes.ts';

/**
 * 区域: the area tree, district → street → road segment / lot → zone inside a lot. The list is the
 * whole tree (it is small); the rules keep each node below its parent, and a zone in its lot.
 */

const LEVELS = Object.keys(AREA_LEVEL).map(Number);

export const parkingAreas = defineResource({
  table: 'parkingArea',
  path: '/api/system/ParkingArea',
  idPrefix: 'a',
  module: 'parkingArea',
  fields: {
    parentId: f.ref('上级区域'),
    areaName: f.text('区域名称', 30),
    areaCode: f.code('区域编号'),
    level: f.codes('区域层级', AREA_LEVEL),
    parkingId: f.ref('关联停车场'),
    regionCode: f.text('行政区划编码', 12, { default: '' }),
    sortCode: f.int('排序', { min: -2_147_483_648, default: 0, msg: '排序必须是整数' }),
  },
  required: ['areaName', 'areaCode', 'level'],
  unique: [{ fields: ['areaCode'], msg: '区域编号已存在' }],
  filters: {
    parkingId: filter.eq('parkingId', f.text('停车场', 64)),
    keyword: filter.keyword(['areaName', 'areaCode']),
    level: filter.eq('level', f.oneOf('区域层级', LEVELS, '区域层级筛选值不正确')),
  },
  derived: { parkingName: derive.lookup('parking', 'parkingId', 'parkingName', '') },
  orderBy: [
    ['level', 'asc'],
    ['sortCode', 'asc'],
    ['areaCode', 'asc'],
  ],
  tree: { parent: 'parentId' },
  lot: { column: 'parkingId', shared: true },
  access: {
    // the lot, lane and space forms pick areas
    list: { menus: ['parkingArea', 'parkingAdmin', 'parkingLane', 'parkingSpace'] },
    create: { buttons: ['area:add'] },
    update: { buttons: ['area:edit'] },
    delete: { buttons: ['area:delete'] },
  },
  describe: (v) => `${v.areaCode} ${v.areaName}`,
  guards: {
    async save(tx, v, before) {
      const level = v.level;
      const parentId = v.parentId;
      let parkingId = v.parkingId;
      if (level === 1 && parentId) throw badRequest('行政区不能有上级区域');
      if (level > 1) {
        if (!parentId) throw badRequest('请选择上级区域');
        const parent = await tx.kysely
          .selectFrom('parkingArea')
          .select(['level', 'parkingId'])
          .where('id', '=', parentId)
          .executeTakeFirst();
        if (!parent) throw badRequest('上级区域不存在');
        if (parent.level >= level) throw badRequest('上级区域的层级必须高于本区域');
        if (level === 5) {
          // a zone is in the lot of the node it hangs under
          if (!parent.parkingId) throw badRequest('场内分区的上级必须是停车场或路段');
          parkingId = parent.parkingId;
        }
        if (before) {
          const { rows } = await tx.query(
            `with recursive up(id, parent_id) as (select id, parent_id from parking_area where id = $1
               union all select a.id, a.parent_id from parking_area a join up on a.id = up.parent_id)
             select 1 from up where id = $2`,
            [parentId, before.id],
          );
          if (rows.length) throw badRequest('上级区域不能是本区域或其下级');
        }
      }
      if (level === 4 && !parkingId) throw badRequest('停车场层级的区域必须关联停车场');
      if (level < 3 && parkingId) throw badRequest('行政区和街道不能关联停车场');
      if (parkingId && !(await parkingLots.find(tx, parkingId))) throw badRequest('关联停车场不存在');
      return { ...v, parkingId };
    },
    async update(tx, before, after) {
      const child = await tx.kysely
        .selectFrom('parkingArea')
        .select((eb) => eb.fn.min('level').as('level'))
        .where('parentId', '=', before.id)
        .executeTakeFirst();
      if (child?.level && child.level <= after.level) throw badRequest('下级区域的层级必须低于本区域');
    },
    async delete(tx, row) {
      const { rows } = await tx.query<{ children: number; used: number }>(
        `select (select count(*)::int from parking_area where parent_id = $1) as children,
                (select count(*)::int from parking_lane where area_id = $1) + (select count(*)::int from parking_space where area_id = $1) as used`,
        [row.id],
      );
      if (rows[0].children) throw badRequest(`该区域下还有${rows[0].children}个下级区域，不能删除`);
      if (rows[0].used) throw badRequest(`该区域已绑定${rows[0].used}个车道或车位，不能删除`);
    },
  },
});
