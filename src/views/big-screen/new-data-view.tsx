import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import type { NewDataViewPanels } from '../../../domain/live-screens';
import { bt } from '../../i18n/big-screen-texts';
import { useLiveScreen } from '../../live/use-live-screen';
import { Chart } from './chart';
import { hourlyFlowOption, lotMapOption, shareOption, stateParts } from './chart-options';
import { formatCount, formatKwh } from './format';
import { LotMap } from './lot-map';
import { Panel, Stat } from './panels';
import { ScreenFrame } from './screen-frame';
import { panelsInLocale } from './localize';

/**
 * /newDataView: the city's parking and charging. The lots are drawn coloured by occupancy on an
 * AMap map (dark style) when app-config.json has an AMap key and the script loads, else as a
 * schematic of their coordinates (lot-map.tsx).
 */
export const NewDataView = observer(function NewDataView() {
  const live = useLiveScreen('newDataView');
  const p = panelsInLocale(live.panels) as Partial<NewDataViewPanels>;
  const c = p.city;
  const count = (n: number | undefined) => (n === undefined ? null : formatCount(n));
  const map = useMemo(() => lotMapOption(p.lots ?? [], bt('occupancy')), [p.lots]);
  const connectors = useMemo(() => shareOption(stateParts(p.connectors ?? [])), [p.connectors]);
  const hourly = useMemo(
    () => hourlyFlowOption(p.hourly ?? [], { entries: bt('entries'), exits: bt('exits'), occupancy: bt('occupancy') }),
    [p.hourly],
  );
  return (
    <ScreenFrame title="newDataViewTitle" live={live}>
      <div className="bs-grid bs-grid--city">
        <Panel title={bt('city')} area="city" testId="panel-city">
          <div className="bs-stats bs-stats--row">
            <Stat label={bt('lots')} value={count(c?.lots)} />
            <Stat label={bt('spaces')} value={count(c?.spaces)} />
            <Stat label={bt('carsInPark')} value={count(c?.carsInPark)} testId="city-cars-in-park" />
            <Stat label={bt('occupancy')} value={c ? c.occupancyPct.toFixed(1) : null} unit="%" />
            <Stat label={bt('stations')} value={count(c?.stations)} />
            <Stat label={bt('connectors')} value={count(c?.connectors)} />
            <Stat label={bt('energyToday')} value={c ? formatKwh(c.energyWhToday) : null} unit={bt('kwh')} />
          </div>
        </Panel>
        <Panel title={bt('lotMap')} area="map">
          <LotMap
            lots={p.lots ?? []}
            label={bt('lotMap')}
            occupancy={bt('occupancy')}
            testId="lot-map"
            schematic={
              <>
                <p className="bs-legend-note">{bt('lotMapHint')}</p>
                <Chart option={map} label={bt('lotMap')} testId="lot-map" />
              </>
            }
          />
        </Panel>
        <Panel title={bt('connectorStates')} area="connectors">
          <Chart option={connectors} label={bt('connectorStates')} />
        </Panel>
        <Panel title={bt('charging')} area="charging">
          <div className="bs-stats">
            <Stat label={bt('sessionsNow')} value={p.charging ? formatCount(p.charging.sessionsNow) : null} />
            <Stat label={bt('energyToday')} value={p.charging ? formatKwh(p.charging.energyWhToday) : null} unit={bt('kwh')} />
          </div>
        </Panel>
        <Panel title={bt('hourlyFlow')} area="hourly">
          <Chart option={hourly} label={bt('hourlyFlow')} />
        </Panel>
      </div>
    </ScreenFrame>
  );
});

export default NewDataView;
