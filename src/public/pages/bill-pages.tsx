import { useState } from 'react';
import { useApi, ApiFailure, type PublicBill } from '../api';
import { BillView } from '../bill-view';
import { t } from '../i18n';
import { PayPanel } from '../pay';
import { ActionButton, Failure, Icon, Loading } from '../ui';
import { useLoad, type Loaded } from '../use-load';
import { readPassport } from '../passport';
import { UnplatedEntry } from './unplated-entry';

/**
 * Scan to exit (/scanQRcode: the car at a lane's barrier, from the lane's printed code) and one
 * order's bill (/orderInfoByQRcode?token=…: a receipt's or a space's code). Same bill, same pay.
 */

interface LaneParams {
  parkingId: string;
  laneId: string;
}

function BillScreen({ loaded, heading, lane }: { loaded: Loaded<PublicBill>; heading: string; lane?: LaneParams }) {
  const { data: bill, error, loading, reload } = loaded;
  const atBarrier = Boolean(lane);
  if (error) return <Failure error={error} onRetry={reload} />;
  if (!bill) return <Loading />;
  if (bill.kind === 'entry' && lane)
    return (
      <UnplatedEntry parkingId={lane.parkingId} laneId={lane.laneId} place={[bill.lotName, bill.laneName].filter(Boolean).join(' · ')} />
    );
  return (
    <div aria-busy={loading}>
      <BillView
        bill={bill}
        heading={heading}
        onRefresh={reload}
        actions={
          bill.order && bill.dueCents > 0 ? <PayPanel key={bill.order.token} token={bill.order.token} dueCents={bill.dueCents} /> : null
        }
      />
      {atBarrier && bill.order && bill.dueCents === 0 && bill.kind !== 'noCar' ? (
        <LeaveButton key={bill.order.token} token={bill.order.token} />
      ) : null}
    </div>
  );
}

/** A code that names no lane (or is cut short): said as plainly as an unknown one. */
const badCode = () => new ApiFailure(t('notFound.text'), 404);

export function ScanPage({ params }: { params: URLSearchParams }) {
  const api = useApi();
  const parkingId = params.get('parkingId') ?? '';
  const laneId = params.get('laneId') ?? '';
  const spaceId = params.get('spaceId') ?? '';
  const loaded = useLoad(
    () =>
      !parkingId
        ? Promise.reject(badCode())
        : laneId
          ? api.laneBill(parkingId, laneId, readPassport(parkingId))
          : spaceId
            ? api.spaceBill(parkingId, spaceId)
            : Promise.reject(badCode()),
    [api, parkingId, laneId, spaceId],
  );
  // at a lane's barrier, a car owing nothing may leave from here
  return <BillScreen loaded={loaded} heading={t('bill.heading')} lane={laneId ? { parkingId, laneId } : undefined} />;
}

export function OrderPage({ params }: { params: URLSearchParams }) {
  const api = useApi();
  const token = params.get('token') ?? '';
  const loaded = useLoad(() => (token ? api.orderBill(token) : Promise.reject(badCode())), [api, token]);
  return <BillScreen loaded={loaded} heading={t('bill.orderHeading')} />;
}

/** Nothing to pay at the barrier: 开闸出场 opens it (POST /api/public/Scan/Leave, the simulated barrier). */
function LeaveButton({ token }: { token: string }) {
  const api = useApi();
  const [state, setState] = useState<'idle' | 'busy' | 'opened'>('idle');
  const [error, setError] = useState<unknown>(null);
  async function leave() {
    setState('busy');
    setError(null);
    try {
      await api.leave(token);
      setState('opened');
    } catch (e) {
      setError(e);
      setState('idle');
    }
  }
  return (
    <div aria-live="polite">
      {state === 'opened' ? (
        <div className="pp-banner pp-banner--success" data-testid="barrier-opened">
          <Icon kind="success" />
          <p className="pp-banner__title">{t('bill.opened')}</p>
        </div>
      ) : (
        <ActionButton label={t('bill.leave')} busy={state === 'busy'} error={error} onClick={() => void leave()} testId="leave-button" />
      )}
    </div>
  );
}
