import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import type { OperationViewPanels } from '../../../domain/live-screens';
import { bt } from '../../i18n/big-screen-texts';
import { useLiveScreen } from '../../live/use-live-screen';
import { Chart } from './chart';
import { barsOption } from './chart-options';
import { formatClock, formatCount, formatHm, formatYuan } from './format';
import { Panel, Rows, Stat } from './panels';
import { ScreenFrame } from './screen-frame';
import { panelsInLocale } from './localize';

/** /operationView: what needs someone now (money-and-charging.md §11.3). */
export const OperationView = observer(function OperationView() {
  const live = useLiveScreen('operationView');
  const p = panelsInLocale(live.panels) as Partial<OperationViewPanels>;
  const ageing = useMemo(() => {
    const buckets = p.arrearsAgeing ?? [];
    return barsOption(
      buckets.map((b) => b.bucketLabel),
      buckets.map((b) => b.count),
      bt('count'),
    );
  }, [p.arrearsAgeing]);
  return (
    <ScreenFrame title="operationViewTitle" live={live}>
      <div className="bs-grid bs-grid--ops">
        <Panel title={bt('devicesOffline')} area="offline" testId="panel-offline">
          <Stat label={bt('devicesOffline')} value={p.devicesOffline ? formatCount(p.devicesOffline.count) : null} />
          <Rows
            rows={p.devicesOffline?.list.slice(0, 5)}
            rowKey={(r) => r.id}
            columns={[
              { head: bt('device'), cell: (r) => r.name, width: 170 },
              { head: bt('place'), cell: (r) => r.lotName },
              { head: bt('lastSeen'), cell: (r) => (r.lastSeen === null ? bt('never') : formatClock(r.lastSeen).slice(5, 16)), width: 120 },
            ]}
          />
        </Panel>
        <Panel title={bt('lifts')} area="lifts">
          <Rows
            rows={p.lifts?.slice(0, 7)}
            rowKey={(r) => r.id}
            columns={[
              { head: bt('place'), cell: (r) => `${r.lotName} ${r.laneName}` },
              { head: bt('reason'), cell: (r) => r.reason, width: 190 },
              { head: bt('time'), cell: (r) => formatHm(r.at), width: 56 },
            ]}
          />
        </Panel>
        <Panel title={bt('arrearsAgeing')} area="arrears">
          <Chart option={ageing} label={bt('arrearsAgeing')} />
        </Panel>
        <Panel title={bt('refundQueue')} area="refunds" testId="refund-queue">
          {/* counts, not a pie: an empty queue is a row of zeros, not four equal slices */}
          <div className="bs-stats">
            {(p.refundQueue?.counts ?? []).map((c) => (
              <Stat key={c.state} label={c.stateLabel} value={formatCount(c.count)} />
            ))}
          </div>
        </Panel>
        <Panel title={bt('collectors')} area="collectors">
          <Rows
            rows={p.collectors?.slice(0, 16)}
            rowKey={(r) => r.id}
            columns={[
              { head: bt('name'), cell: (r) => r.name },
              { head: bt('since'), cell: (r) => formatHm(r.since), width: 90 },
              { head: bt('collected'), cell: (r) => formatYuan(r.collectedCents), width: 150 },
            ]}
          />
        </Panel>
      </div>
    </ScreenFrame>
  );
});

export default OperationView;
