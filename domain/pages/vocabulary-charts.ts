type Node = Record<string, unknown>;

const isObject = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Below this width a chart's value axes hide their numbers (a phone, a narrow dialog). */
export const NARROW_CHART_PX = 560;

/**
 * A chart with several value axes side by side (one per unit) leaves a phone no room for its
 * lines: below NARROW_CHART_PX each axis keeps its scale but hides its numbers, line and name, and
 * the grid takes the width (the tooltip still gives every value). A chart that states its own
 * `media` is left as it is.
 */
export function narrowChartAxes(node: Node): Node {
  const config = node.config;
  if (!isObject(config) || 'media' in config) return node;
  const option = isObject(config.baseOption) ? config.baseOption : config;
  const yAxes = option.yAxis;
  if (!Array.isArray(yAxes) || yAxes.length < 2) return node;
  const narrow = {
    query: { maxWidth: NARROW_CHART_PX },
    option: {
      grid: { left: 12, right: 12 },
      yAxis: yAxes.map(() => ({ offset: 0, axisLabel: { show: false }, axisLine: { show: false }, name: '' })),
    },
  };
  return { ...node, config: { baseOption: option, media: [narrow] } };
}
