import { LOT_LOOKUP_PATH } from '../../domain/pages/vocabulary';

/**
 * The shared lot lookup (spec §7: `GET /api/system/Parking?pageSize=1000&enabledmark=1[&type=N]`, what a
 * `"lots": …` select asks for) is answered from the base-data store, loaded once per signed-in user. A list
 * of lots (with paging or filters) is not a lookup and goes to the server.
 */
export function lotLookupType(url: string): { type: number | undefined } | null {
  const [path, query = ''] = url.split('?');
  if (path.replace(/^\/?/, '/') !== LOT_LOOKUP_PATH) return null;
  const params = new URLSearchParams(query);
  const keys = [...params.keys()].sort().join(',');
  if (params.get('pageSize') !== '1000' || params.get('enabledmark') !== '1') return null;
  if (keys === 'enabledmark,pageSize') return { type: undefined };
  const type = Number(params.get('type'));
  return keys === 'enabledmark,pageSize,type' && Number.isInteger(type) ? { type } : null;
}

/** Any write under /api/system/Parking (add, edit, delete, enable) changes what the lookup answers. */
export function isLotWrite(method: string, url: string): boolean {
  return method !== 'get' && /^\/?api\/system\/Parking(\/|\?|$)/.test(url);
}
