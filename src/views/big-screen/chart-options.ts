import type { EChartsCoreOption } from './echarts-setup';
import type { HourFlow, LotPoint, StateCount, ChannelCents } from '../../../domain/live-screens';

/** The screens' chart options, built from pushed panels: pure, so a test can read them. Dark theme colours throughout. */

const AXIS = {
  axisLine: { lineStyle: { color: '#2d4a80' } },
  axisLabel: { color: '#8aa2cf', fontSize: 14 },
  splitLine: { lineStyle: { color: '#13284d' } },
};
const LEGEND = { textStyle: { color: '#b8c8ea', fontSize: 14 }, top: 0, right: 0 };
const PALETTE = ['#2f7bff', '#29d3a5', '#ffb020', '#ff5b5b', '#a66bff', '#4fd1ff', '#8aa2cf'];

export function hourlyFlowOption(hours: HourFlow[], names: { entries: string; exits: string; occupancy: string }): EChartsCoreOption {
  return {
    color: PALETTE,
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: LEGEND,
    grid: { left: 48, right: 52, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: hours.map((h) => `${h.hour}`), ...AXIS },
    yAxis: [
      { type: 'value', ...AXIS },
      { type: 'value', min: 0, max: 100, ...AXIS, splitLine: { show: false }, axisLabel: { ...AXIS.axisLabel, formatter: '{value}%' } },
    ],
    series: [
      { name: names.entries, type: 'bar', data: hours.map((h) => h.entries) },
      { name: names.exits, type: 'bar', data: hours.map((h) => h.exits) },
      { name: names.occupancy, type: 'line', yAxisIndex: 1, smooth: true, data: hours.map((h) => h.occupancyPct) },
    ],
  };
}

export function shareOption(parts: { name: string; value: number }[]): EChartsCoreOption {
  return {
    color: PALETTE,
    animation: false,
    tooltip: { trigger: 'item' },
    legend: { ...LEGEND, orient: 'vertical', top: 'middle', right: 0 },
    series: [
      {
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['34%', '50%'],
        label: { show: false },
        data: parts,
      },
    ],
  };
}

export const channelParts = (channels: ChannelCents[]) => channels.map((c) => ({ name: c.channelLabel, value: c.cents / 100 }));
export const stateParts = (states: StateCount[]) => states.map((s) => ({ name: s.stateLabel, value: s.count }));

export function barsOption(labels: string[], values: number[], name: string): EChartsCoreOption {
  return {
    color: PALETTE,
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: labels, ...AXIS },
    yAxis: { type: 'value', ...AXIS },
    series: [{ name, type: 'bar', data: values }],
  };
}

/**
 * Without an AMap key the lots are a schematic: a scatter of their coordinates, sized by spaces
 * and coloured by occupancy (green → amber → red).
 */
export function lotMapOption(lots: LotPoint[], occupancy: string): EChartsCoreOption {
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: { name: string; value: number[] } }) => `${p.data.name}<br/>${occupancy} ${p.data.value[2]}%`,
    },
    grid: { left: 24, right: 110, top: 24, bottom: 24 },
    xAxis: { type: 'value', scale: true, show: false },
    yAxis: { type: 'value', scale: true, show: false },
    visualMap: {
      min: 0,
      max: 100,
      dimension: 2,
      right: 0,
      bottom: 0,
      text: ['100%', '0%'],
      textStyle: { color: '#b8c8ea', fontSize: 14 },
      inRange: { color: ['#29d3a5', '#ffb020', '#ff5b5b'] },
    },
    series: [
      {
        type: 'scatter',
        data: lots.map((l) => ({ name: l.name, value: [l.lng, l.lat, l.occupancyPct, l.spaces] })),
        symbolSize: (v: number[]) => Math.max(14, Math.min(56, Math.sqrt(v[3]) * 2.2)),
        label: { show: true, formatter: '{b}', position: 'right', color: '#dbe7ff', fontSize: 13 },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
}
