import { describe, expect, it } from 'vitest';
import { NARROW_CHART_PX, narrowChartAxes } from './vocabulary-charts';

const chart = (config: object) => ({ type: 'chart', config });
const axes = [
  { type: 'value', name: 'kW' },
  { type: 'value', name: 'V', position: 'right' },
];

describe('charts with several value axes on a narrow screen', () => {
  it('keep each axis but hide its numbers, line and name below the narrow width', () => {
    const out = narrowChartAxes(chart({ yAxis: axes, series: [] })) as { config: { baseOption: object; media: object[] } };
    expect(out.config.baseOption).toEqual({ yAxis: axes, series: [] });
    expect(out.config.media).toEqual([
      {
        query: { maxWidth: NARROW_CHART_PX },
        option: {
          grid: { left: 12, right: 12 },
          yAxis: [0, 1].map(() => ({ offset: 0, axisLabel: { show: false }, axisLine: { show: false }, name: '' })),
        },
      },
    ]);
  });

  it('leave a chart with one value axis, or with media of its own, as it is', () => {
    const single = chart({ yAxis: { type: 'value' } });
    const own = chart({ baseOption: { yAxis: axes }, media: [] });
    expect(narrowChartAxes(single)).toBe(single);
    expect(narrowChartAxes(own)).toBe(own);
  });
});
