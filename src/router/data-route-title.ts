import { uiText } from '../i18n/text-table';
import type { DataRoute, DataRouteVariant } from '../../domain/pages/route-file';

/** The first variant whose every `when` matches the parameters. */
function variantFor(route: DataRoute, params: Record<string, string | undefined>): DataRouteVariant | undefined {
  return route.variants.find((v) => Object.entries(v.when).every(([name, values]) => values.includes(params[name] ?? '')));
}

/** Title and permission for one parameter set: `停车订单详情 {id}` → `停车订单详情 7`. */
export function resolveDataRoute(route: DataRoute, params: Record<string, string | undefined>): { title: string; permission: string[] } {
  const variant = variantFor(route, params);
  const template = uiText(variant?.title ?? route.title);
  return {
    title: template.replace(/\{([^{}]*)\}/g, (_, name: string) => params[name] ?? '').trim(),
    permission: variant?.permission ?? route.permission,
  };
}
