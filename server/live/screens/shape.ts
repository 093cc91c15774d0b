import type { AbnormalLift } from '../../../domain/live-screens.ts';
import type { ManualLift } from '../../figures/queues.ts';

/** A 0–1 share as a percentage with one decimal. */
export const pct = (share: number): number => Math.round(share * 1000) / 10;

export const liftRows = (list: ManualLift[]): AbnormalLift[] =>
  list.map((l) => ({ id: l.orderNo, lotName: l.parkingName, laneName: l.laneName, reason: l.reason, operator: l.collector, at: l.at }));
