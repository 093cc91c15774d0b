import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import type { DataViewPanels } from '../../../domain/live-screens';
import { bt } from '../../i18n/big-screen-texts';
import { useLiveScreen } from '../../live/use-live-screen';
import { Chart } from './chart';
import { channelParts, hourlyFlowOption, shareOption } from './chart-options';
import { formatCount, formatHm, formatYuan } from './format';
import { Panel, Rows, Stat } from './panels';
import { ScreenFrame } from './screen-frame';
import { panelsInLocale } from './localize';

/** /dataView: the lot command centre (money-and-charging.md §11.1, the ParkingOS set). */
export const DataView = observer(function DataView() {
  const live = useLiveScreen('dataView');
  const p = panelsInLocale(live.panels) as Partial<DataViewPanels>;
  const count = (n: number | undefined) => (n === undefined ? null : formatCount(n));
  const hourly = useMemo(
    () => hourlyFlowOption(p.hourly ?? [], { entries: bt('entries'), exits: bt('exits'), occupancy: bt('occupancy') }),
    [p.hourly],
  );
  const revenue = useMemo(() => shareOption(channelParts(p.revenue?.channels ?? [])), [p.revenue]);
  const devices = useMemo(
    () =>
      shareOption([
        { name: bt('online'), value: p.devices?.online ?? 0 },
        { name: bt('offline'), value: p.devices?.offline ?? 0 },
      ]),
    [p.devices],
  );
  const t = p.totals;
  return (
    <ScreenFrame title="dataViewTitle" live={live}>
      <div className="bs-grid bs-grid--data">
        <Panel title={bt('overview')} area="totals" testId="panel-totals">
          <div className="bs-stats">
            <Stat label={bt('freeSpaces')} value={count(t?.freeSpaces)} testId="free-spaces" />
            <Stat label={bt('carsInPark')} value={count(t?.carsInPark)} testId="cars-in-park" />
            <Stat label={bt('spaces')} value={count(t?.spaces)} />
            <Stat label={bt('occupancy')} value={t ? t.occupancyPct.toFixed(1) : null} unit="%" />
            <Stat label={bt('entriesToday')} value={count(t?.entriesToday)} testId="entries-today" />
            <Stat label={bt('exitsToday')} value={count(t?.exitsToday)} />
          </div>
        </Panel>
        <Panel title={bt('revenueByChannel')} area="revenue">
          <Stat label={bt('revenueToday')} value={p.revenue ? formatYuan(p.revenue.totalCents) : null} unit={bt('yuan')} />
          <Chart option={revenue} label={bt('revenueByChannel')} />
        </Panel>
        <Panel title={bt('hourlyFlow')} area="hourly">
          <Chart option={hourly} label={bt('hourlyFlow')} />
        </Panel>
        <Panel title={bt('devices')} area="devices">
          <Chart option={devices} label={bt('devices')} />
        </Panel>
        <Panel title={bt('passages')} area="passages">
          <Rows
            rows={p.passages}
            rowKey={(r) => r.id}
            testId="passages"
            columns={[
              { head: '', cell: (r) => <span className={`bs-tag bs-tag--${r.kind}`}>{bt(r.kind)}</span>, width: 56 },
              { head: bt('plate'), cell: (r) => r.plateNo, width: 120 },
              { head: bt('place'), cell: (r) => r.lotName },
              { head: bt('time'), cell: (r) => formatHm(r.at), width: 64 },
            ]}
          />
        </Panel>
        <Panel title={bt('lifts')} area="lifts">
          <Rows
            rows={p.lifts?.slice(0, 4)}
            rowKey={(r) => r.id}
            columns={[
              { head: bt('place'), cell: (r) => `${r.lotName} ${r.laneName}` },
              { head: bt('reason'), cell: (r) => r.reason, width: 220 },
              { head: bt('time'), cell: (r) => formatHm(r.at), width: 64 },
            ]}
          />
        </Panel>
      </div>
    </ScreenFrame>
  );
});

export default DataView;
