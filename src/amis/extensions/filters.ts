import type { AmisRegistry } from './registry';
import { centsToYuan, formatDuration, formatPlate, formatTimestamp, plateColorClass, plateColorLabel } from '../../domain/format';
import { maskPhone } from '../../domain/field-rules';

/**
 * Template filters for the platform's units: `${fee | cent}`, `${plate | plate}`,
 * `${plateColor | plateColor}`, `${phone | phoneMask}`, `${seconds | duration}`,
 * `${inTime | timestamp}` or `${inTime | timestamp:y-m-d}`.
 */
export function registerFilters({ registerFilter }: Pick<AmisRegistry, 'registerFilter'>) {
  registerFilter('cent', (v: unknown) => centsToYuan(v));
  registerFilter('plate', (v: unknown) => formatPlate(v));
  registerFilter('plateColor', (v: unknown) => plateColorLabel(v));
  registerFilter('plateColorClass', (v: unknown) => plateColorClass(v));
  registerFilter('phoneMask', (v: unknown) => maskPhone(v));
  registerFilter('duration', (v: unknown) => formatDuration(v));
  registerFilter('timestamp', (v: unknown, pattern?: string) => formatTimestamp(v, pattern || undefined));
}
