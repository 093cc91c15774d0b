import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Input, optInt, optString, reqEnum, reqString } from '../lib/fields.ts';
import { lotExists, ts } from './parkingQuery.ts';

/** Area tree node: district → street → road segment / lot → zone; validation keeps the levels in order. */

export interface AreaRow {
  id: string;
  parent_id: string | null;
  area_name: string;
  area_code: string;
  level: number;
  parking_id: string | null;
  parking_name: string | null;
  region_code: string;
  sort_code: number;
  create_time: Date;
}

export const AREA_SELECT = 'a.*, p.parking_name';
export const AREA_FROM = 'parking_area a left join parking p on p.id = a.parking_id';

export function toAreaJson(r: AreaRow) {
  return {
    id: r.id, parentId: r.parent_id, areaName: r.area_name, areaCode: r.area_code, level: r.level, parkingId: r.parking_id,
    parkingName: r.parking_name ?? '', regionCode: r.region_code, sortCode: r.sort_code, createTime: ts(r.create_time),
  };
}
export type AreaJson = ReturnType<typeof toAreaJson> & { children?: AreaJson[] };

/** Nests a flat, ordered list under its parents; orphans (parent filtered out) become roots. */
export function buildTree(rows: AreaJson[]): AreaJson[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r }]));
  const roots: AreaJson[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

const CODE_RE = /^[A-Za-z0-9_-]{2,32}$/;
const LEVEL_MSG = '区域层级只能是1（行政区）、2（街道）、3（路段）、4（停车场）或5（场内分区）';

export async function validateArea(db: Db, b: Input, selfId?: string) {
  const areaName = reqString(b.areaName, '区域名称', 30);
  const areaCode = reqString(b.areaCode, '区域编号', 32);
  if (!CODE_RE.test(areaCode)) throw badRequest('区域编号只能包含字母、数字、下划线或短横线，2-32位');
  const level = reqEnum(b.level, [1, 2, 3, 4, 5], '区域层级', LEVEL_MSG);
  const parentId = optString(b.parentId, '上级区域', 64) ?? null;
  let parkingId = optString(b.parkingId, '关联停车场', 64) ?? null;
  if (level === 1 && parentId) throw badRequest('行政区不能有上级区域');
  if (level > 1) {
    if (!parentId) throw badRequest('请选择上级区域');
    const parent = (await db.query<{ level: number; parking_id: string | null }>('select level, parking_id from parking_area where id = $1', [parentId])).rows[0];
    if (!parent) throw badRequest('上级区域不存在');
    if (parent.level >= level) throw badRequest('上级区域的层级必须高于本区域');
    if (level === 5) {
      if (!parent.parking_id) throw badRequest('场内分区的上级必须是停车场或路段');
      parkingId = parent.parking_id;
    }
    if (selfId) {
      const { rows } = await db.query(
        `with recursive up(id, parent_id) as (select id, parent_id from parking_area where id = $1
           union all select a.id, a.parent_id from parking_area a join up on a.id = up.parent_id)
         select 1 from up where id = $2`,
        [parentId, selfId],
      );
      if (rows.length) throw badRequest('上级区域不能是本区域或其下级');
    }
  }
  if (level === 4 && !parkingId) throw badRequest('停车场层级的区域必须关联停车场');
  if (level < 3 && parkingId) throw badRequest('行政区和街道不能关联停车场');
  if (parkingId && !(await lotExists(db, parkingId))) throw badRequest('关联停车场不存在');
  return {
    parentId, areaName, areaCode, level, parkingId,
    regionCode: optString(b.regionCode, '行政区划编码', 12) ?? '',
    sortCode: optInt(b.sortCode, '排序码必须是整数') ?? 0,
  };
}

export type AreaInput = Awaited<ReturnType<typeof validateArea>>;
export const AREA_COLUMNS: [string, keyof AreaInput][] = [
  ['parent_id', 'parentId'], ['area_name', 'areaName'], ['area_code', 'areaCode'], ['level', 'level'],
  ['parking_id', 'parkingId'], ['region_code', 'regionCode'], ['sort_code', 'sortCode'],
];
