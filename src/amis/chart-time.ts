import { chinaTime, formatTimestamp } from '../../domain/format';

/**
 * Charts show China time too. echarts writes a time axis's labels, and the time at the head of an
 * axis tooltip, in the browser's zone: in a UTC browser the curve read 8 hours earlier than the
 * table beside it. The console gives every chart's time axes (src/amis/extensions/schema-defaults.ts)
 * formatters that write +08:00, and `useUTC` so where the ticks fall does not depend on the browser
 * either (whole hours of UTC are whole hours of China time). A page's own formatter is kept.
 */

type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** A time-axis tick in China time, at the precision the tick needs: 11-24 at midnight, else 19:30 (19:30:15). */
export function chinaAxisLabel(value: number): string {
  const t = chinaTime(value);
  if (t.hour() === 0 && t.minute() === 0 && t.second() === 0) return t.format('MM-DD');
  return t.format(t.second() ? 'HH:mm:ss' : 'HH:mm');
}

/** The instant under the axis pointer (the tooltip's first line), in China time. */
export function chinaPointerLabel(params: { value?: unknown }): string {
  return formatTimestamp(params?.value);
}

function timeAxis(axis: unknown): unknown {
  if (!isObject(axis) || axis.type !== 'time') return axis;
  const label = isObject(axis.axisLabel) ? axis.axisLabel : {};
  const pointer = isObject(axis.axisPointer) ? axis.axisPointer : {};
  const pointerLabel = isObject(pointer.label) ? pointer.label : {};
  return {
    ...axis,
    axisLabel: { formatter: chinaAxisLabel, ...label },
    axisPointer: { ...pointer, label: { formatter: chinaPointerLabel, ...pointerLabel } },
  };
}

function axes(value: unknown): unknown {
  return Array.isArray(value) ? value.map(timeAxis) : timeAxis(value);
}

function hasTimeAxis(option: Node): boolean {
  return ['xAxis', 'yAxis'].some((k) => [option[k]].flat().some((a) => isObject(a) && a.type === 'time'));
}

function withChinaAxes(option: Node): Node {
  const out: Node = { useUTC: true, ...option };
  for (const k of ['xAxis', 'yAxis']) if (out[k] !== undefined) out[k] = axes(out[k]);
  return out;
}

/**
 * An echarts option whose time axes write China time; the option itself when it has none. A
 * responsive option (`baseOption` with `media`) gets them in its base, which its media options extend.
 */
export function chinaTimeChartConfig(config: unknown): unknown {
  if (!isObject(config)) return config;
  if (isObject(config.baseOption)) {
    return hasTimeAxis(config.baseOption) ? { ...config, baseOption: withChinaAxes(config.baseOption) } : config;
  }
  return hasTimeAxis(config) ? withChinaAxes(config) : config;
}

/** A `chart` node whose config has time axes, given China-time formatters; any other node as it is. */
export function chinaTimeChart(node: Node): Node {
  if (node.type !== 'chart') return node;
  const config = chinaTimeChartConfig(node.config);
  return config === node.config ? node : { ...node, config };
}
