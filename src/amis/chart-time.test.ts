import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as echarts from 'echarts';
import { readFileSync } from 'node:fs';
import { chinaAxisLabel, chinaPointerLabel, chinaTimeChart, chinaTimeChartConfig } from './chart-time';

const china = (s: string) => Date.parse(`${s}+08:00`);

/** The texts echarts draws for `option` (server-side SVG, no DOM), in the process's time zone. */
function xLabels(option: object, width = 800): string[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: 320 });
  chart.setOption({ animation: false, ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
}

interface CurveConfig {
  baseOption: {
    dataset: { source: unknown; dimensions: { name: string; displayName?: string }[] };
    yAxis: { name: string }[];
    series: { yAxisIndex: number; encode: { seriesName: string } }[];
  };
}

/** The charging order's curve chart as the page writes it, its rows in place of `${rows}`. */
function curveConfig(rows: object[]): CurveConfig {
  const page = readFileSync('pages-json/charging/chargingOrder.json', 'utf8');
  const found: CurveConfig[] = [];
  JSON.parse(page, (_key, value) => {
    if (value && value.type === 'chart') found.push(value.config);
    return value;
  });
  const config = structuredClone(found[0]);
  config.baseOption.dataset.source = rows;
  return config;
}

describe('China time on charts', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // a browser far from China: its own clock would put the labels 13 hours off
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('labels a tick with its China time, the date at China midnight', () => {
    expect(chinaAxisLabel(china('2026-11-24T19:30'))).toBe('19:30');
    expect(chinaAxisLabel(china('2026-11-24T19:30:15'))).toBe('19:30:15');
    expect(chinaAxisLabel(china('2026-11-25T00:00'))).toBe('11-25');
    expect(chinaPointerLabel({ value: china('2026-11-24T19:52:03') })).toBe('2026-11-24 19:52:03');
  });

  it('a session curve drawn in a New York browser reads the same hours as the order table (+08:00)', () => {
    const rows = [0, 1, 2, 3].map((h) => ({ at: china('2026-11-24T19:00') + h * 3600_000, kw: 60 }));
    const option = {
      dataset: { source: rows },
      xAxis: { type: 'time' },
      yAxis: { type: 'value' },
      series: [{ type: 'line', encode: { x: 'at', y: 'kw' } }],
    };
    expect(xLabels(option)).not.toContain('20:00');
    const labels = xLabels(chinaTimeChartConfig(option) as object);
    expect(labels).toEqual(expect.arrayContaining(['19:00', '19:20', '20:00', '21:00', '21:40']));
  });

  it('the charging curve gives each unit an axis of its own and reads China time in any browser', () => {
    const rows = [0, 1, 2, 3].map((h) => ({
      at: china('2026-11-24T19:00') + h * 3600_000,
      powerKw: 60 - h,
      energyKwh: 60 * h,
      voltage: 390 + h,
      current: 150 - h,
      soc: 26 + 20 * h,
    }));
    const config = curveConfig(rows);
    expect(config.baseOption.yAxis.map((a) => a.name)).toEqual(['kW', 'kWh', 'V', 'A', '%']);
    // every series on its own axis, the one of the unit its name (the legend: a dimension's displayName, which translates) gives
    const names = new Map(config.baseOption.dataset.dimensions.map((d) => [d.name, d.displayName]));
    const units = config.baseOption.series.map((x) => [
      /\(([^)]+)\)$/.exec(names.get(x.encode.seriesName)!)![1],
      config.baseOption.yAxis[x.yAxisIndex].name,
    ]);
    expect(units).toEqual([
      ['kW', 'kW'],
      ['kWh', 'kWh'],
      ['V', 'V'],
      ['A', 'A'],
      ['%', '%'],
    ]);
    const texts = xLabels(chinaTimeChartConfig(config) as object);
    expect(texts).toEqual(expect.arrayContaining(['19:00', '20:00', '21:00', '功率(kW)', 'SoC(%)']));
    // on a phone it still draws, China time included
    expect(xLabels(chinaTimeChartConfig(config) as object, 360)).toEqual(expect.arrayContaining(['20:00']));
  });

  it('keeps a page’s own formatter and leaves charts without a time axis, and other nodes, alone', () => {
    const own = { type: 'time', axisLabel: { formatter: '{HH}' } };
    const config = chinaTimeChartConfig({ xAxis: [own], yAxis: [{ type: 'value' }] }) as {
      xAxis: { axisLabel: unknown }[];
      useUTC: boolean;
    };
    expect(config.xAxis[0].axisLabel).toEqual({ formatter: '{HH}' });
    expect(config.useUTC).toBe(true);
    const responsive = chinaTimeChartConfig({ baseOption: { xAxis: { type: 'time' } }, media: [] }) as { baseOption: { useUTC: boolean } };
    expect(responsive.baseOption.useUTC).toBe(true);
    const plain = { type: 'chart', config: { xAxis: { type: 'category' } } };
    expect(chinaTimeChart(plain)).toBe(plain);
    const tpl = { type: 'tpl', tpl: 'x' };
    expect(chinaTimeChart(tpl)).toBe(tpl);
  });
});
