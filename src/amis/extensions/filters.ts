import type { AmisRegistry } from './registry';
import { localeStore } from '../../i18n';
import { centsToYuan, formatDuration, formatPlate, formatTimestamp, plateColorClass, plateColorLabel } from '../../../domain/format';
import { BLOCKED_URL, maskPhone, safeUrl } from '../../../domain/field-rules';
import { SAFE_URL_FILTER } from '../../../domain/pages/vocabulary';
import { stateColor } from '../../../domain/state-colors';

/**
 * Template filters for the platform's units: `${fee | cent}`, `${plate | plate}`,
 * `${plateColor | plateColor}`, `${phone | phoneMask}`, `${seconds | elapsed}`,
 * `${inTime | timestamp}` or `${inTime | timestamp:m-d h:i}`; `${url | safeUrl}` (the vocabulary puts it on
 * link and image addresses from data): the address when it is a link or an in-app path, else one to nowhere;
 * `${label | stateColor}`: the colour of a status tag for a state's word (domain/state-colors.ts).
 */
export function registerFilters({ registerFilter }: Pick<AmisRegistry, 'registerFilter'>) {
  registerFilter('cent', (v: unknown) => centsToYuan(v));
  registerFilter('plate', (v: unknown) => formatPlate(v));
  registerFilter('plateColor', (v: unknown) => plateColorLabel(v, localeStore.locale));
  registerFilter('plateColorClass', (v: unknown) => plateColorClass(v));
  registerFilter('phoneMask', (v: unknown) => maskPhone(v));
  // not `duration`: amis's own writes 1天1时1分1秒 (amis-names.test.ts)
  registerFilter('elapsed', (v: unknown) => formatDuration(v, localeStore.locale));
  registerFilter(SAFE_URL_FILTER, (v: unknown) => safeUrl(v) ?? BLOCKED_URL);
  registerFilter('stateColor', (v: unknown) => stateColor(v));
  // amis splits filter arguments at ':', so `timestamp:m-d h:i` arrives as 'm-d h' and 'i': join them
  // back, or a pattern with a time in it loses its minutes (11-24 19 – 19)
  registerFilter('timestamp', (v: unknown, ...pattern: unknown[]) => formatTimestamp(v, pattern.map(String).join(':') || undefined));
}
