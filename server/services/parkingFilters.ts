import { isBlank, optInt, optString, type Input } from '../lib/fields.ts';
import { Where } from './paging.ts';
import { likeArg } from './parkingQuery.ts';

/**
 * The lot list's filters, shared by the list, its summary figures and its export so all three
 * describe the same rows: keyword (name or code), regionCode, roadType, type, enabledMark
 * (or the lookup's lowercase `enabledmark`).
 */
export function lotFilters(q: Input): Where {
  const w = new Where();
  const keyword = optString(q.keyword, '关键字', 100);
  if (keyword) w.add('(parking_name ilike ? or parking_code ilike ?)', likeArg(keyword));
  const regionCode = optString(q.regionCode, '行政区划编码', 12);
  if (regionCode) w.add('region_code = ?', regionCode);
  const roadType = optInt(q.roadType, '道路类型筛选值不正确');
  if (roadType !== undefined) w.add('road_type = ?', roadType);
  const type = optInt(q.type, '停车场类型筛选值不正确');
  if (type !== undefined) w.add('type = ?', type);
  const enabledMark = optInt(isBlank(q.enabledMark) ? q.enabledmark : q.enabledMark, '启用状态筛选值不正确');
  if (enabledMark !== undefined) w.add('enabled_mark = ?', enabledMark);
  return w;
}
