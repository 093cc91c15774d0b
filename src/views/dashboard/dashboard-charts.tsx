import { useMemo } from 'react';
import type { DashboardAnswer } from '../../../domain/dashboard';
import { dt, fixedLabel } from '../../i18n/dashboard-texts';
import { Chart } from '../big-screen/chart';
import type { EChartsCoreOption } from '../big-screen/echarts-setup';
import { clock } from './figures-format';

/** The dashboard's charts (light theme): 24-hour flow, income by channel, occupancy by lot, connectors. */

const PALETTE = ['#2e70b4', '#29a37a', '#e6a23c', '#f56c6c', '#8e6bd1', '#4fa8d1', '#909399'];
const AXIS = {
  axisLabel: { color: '#606266' },
  axisLine: { lineStyle: { color: '#c0c4cc' } },
  splitLine: { lineStyle: { color: '#ebeef5' } },
};

export function flowOption(d: NonNullable<DashboardAnswer['traffic']>): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 0 },
    grid: { left: 40, right: 16, top: 32, bottom: 24 },
    xAxis: { type: 'category', data: d.hourly.map((h) => clock(h.hour).slice(0, 5)), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      { name: dt('entered'), type: 'bar', data: d.hourly.map((h) => h.entries) },
      { name: dt('left'), type: 'bar', data: d.hourly.map((h) => h.exits) },
    ],
  };
}

export function channelOption(d: NonNullable<DashboardAnswer['income']>): EChartsCoreOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', valueFormatter: (v: number) => `${v.toFixed(2)} ${dt('yuan')}` },
    legend: { orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['38%', '50%'],
        label: { show: false },
        data: d.byChannel.map((c) => ({ name: fixedLabel(c.name), value: c.netCents / 100 })),
      },
    ],
  };
}

export function lotsOption(d: NonNullable<DashboardAnswer['traffic']>): EChartsCoreOption {
  const lots = [...d.lots].sort((a, b) => a.occupancy - b.occupancy).slice(-12);
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', max: 100, ...AXIS, axisLabel: { ...AXIS.axisLabel, formatter: '{value}%' } },
    yAxis: { type: 'category', data: lots.map((l) => l.parkingName), ...AXIS },
    series: [
      {
        type: 'bar',
        data: lots.map((l) => ({
          value: Math.round(l.occupancy * 1000) / 10,
          itemStyle: { color: l.occupancy >= 0.9 ? '#f56c6c' : l.occupancy >= 0.7 ? '#e6a23c' : '#29a37a' },
        })),
      },
    ],
  };
}

export function connectorOption(d: NonNullable<DashboardAnswer['charging']>): EChartsCoreOption {
  return {
    color: ['#909399', '#29a37a', '#4fa8d1', '#2e70b4', '#8e6bd1', '#f56c6c'],
    tooltip: { trigger: 'item' },
    legend: { orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['38%', '50%'],
        label: { show: false },
        data: d.connectors.map((c) => ({ name: fixedLabel(c.name), value: c.count })),
      },
    ],
  };
}

function Panel({ title, wide, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={`pc-dash-panel${wide ? ' wide' : ''}`} aria-label={title}>
      <h3>{title}</h3>
      <div className="pc-dash-chart">{children}</div>
    </section>
  );
}

export function DashboardCharts({ data }: { data: DashboardAnswer }) {
  const { traffic, income, charging } = data;
  const flow = useMemo(() => traffic && flowOption(traffic), [traffic]);
  const channels = useMemo(() => income && channelOption(income), [income]);
  const lots = useMemo(() => traffic && lotsOption(traffic), [traffic]);
  const connectors = useMemo(() => charging && connectorOption(charging), [charging]);
  return (
    <>
      {flow && (
        <Panel title={dt('flow24h')} wide>
          <Chart option={flow} label={dt('flow24h')} testId="dash-flow" />
        </Panel>
      )}
      {income && channels && (
        <Panel title={dt('incomeByChannel')}>
          {income.byChannel.length ? (
            <Chart option={channels} label={dt('incomeByChannel')} />
          ) : (
            <p className="pc-dash-empty">{dt('noIncome')}</p>
          )}
        </Panel>
      )}
      {lots && (
        <Panel title={dt('occupancyByLot')}>
          <Chart option={lots} label={dt('occupancyByLot')} />
        </Panel>
      )}
      {connectors && (
        <Panel title={dt('connectors')}>
          <Chart option={connectors} label={dt('connectors')} />
        </Panel>
      )}
    </>
  );
}
