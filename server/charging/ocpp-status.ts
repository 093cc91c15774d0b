/**
 * OCPP 1.6 StatusNotification status → the T/CEC 102 connector code the screens show
 * (0 offline, 1 idle, 2 plugged not charging, 3 charging, 4 reserved, 255 fault).
 */

export const GUN_STATUS = { offline: 0, idle: 1, plugged: 2, charging: 3, reserved: 4, fault: 255 } as const;

const MAP: Record<string, number> = {
  Available: GUN_STATUS.idle,
  Preparing: GUN_STATUS.plugged,
  Charging: GUN_STATUS.charging,
  // a transaction is running but no energy flows (the car or the charger paused it): plugged, not charging
  SuspendedEV: GUN_STATUS.plugged,
  SuspendedEVSE: GUN_STATUS.plugged,
  // the session ended and the cable is still in
  Finishing: GUN_STATUS.plugged,
  Reserved: GUN_STATUS.reserved,
  // taken out of service on purpose: not a fault, but nobody can charge there
  Unavailable: GUN_STATUS.offline,
  Faulted: GUN_STATUS.fault,
};

export const OCPP_STATUSES = Object.keys(MAP);

/** The code for an OCPP 1.6 status, or null for a name OCPP 1.6 does not have. */
export function gunStatusOf(ocppStatus: string): number | null {
  return Object.hasOwn(MAP, ocppStatus) ? MAP[ocppStatus] : null;
}

/** What the screens show: a pile that missed three heartbeats makes all its connectors offline. */
export function liveGunStatus(ocppStatus: string, pileOnline: boolean): number {
  return pileOnline ? (gunStatusOf(ocppStatus) ?? GUN_STATUS.fault) : GUN_STATUS.offline;
}
