import { makeAutoObservable, runInAction } from 'mobx';
import { http } from '../api/client';

/** A lot as the shared lookup returns it; pages read the few fields selects need. */
export interface ParkingItem {
  id: string;
  parkingCode: string;
  parkingName: string;
  type: number;
  [key: string]: unknown;
}

/** Spec §7/§9: every lookup asks for 1000 enabled lots; type 0 = spaces, 1 = lanes, 4 = charging. */
export const LOOKUP = { pageSize: 1000, enabledmark: 1 } as const;
export const TYPE_SPACE = 0;
export const TYPE_LANE = 1;
export const TYPE_CHARGE = 4;

async function fetchLots(type?: number): Promise<ParkingItem[]> {
  const params = type === undefined ? { ...LOOKUP } : { ...LOOKUP, type };
  const res = await http.get<{ code: number; data?: { list?: ParkingItem[] } }>('/api/system/Parking', { params });
  return res.data?.code === 200 ? res.data.data?.list ?? [] : [];
}

/** Base data (spec §3): the lot lists every screen's selects use, loaded once per session. */
export class BaseDataStore {
  parkingList: ParkingItem[] = [];
  parkingTypeSpace: ParkingItem[] = [];
  parkingTypeLane: ParkingItem[] = [];
  parkingTypeCharge: ParkingItem[] = [];
  /** a lot id whose export the current screen hides (set by the screen, not loaded) */
  hideExportId = '';

  constructor() {
    makeAutoObservable(this);
  }

  /** The four lookups in parallel; one failing leaves its list as it was. */
  async load(): Promise<void> {
    const [all, space, lane, charge] = await Promise.allSettled([fetchLots(), fetchLots(TYPE_SPACE), fetchLots(TYPE_LANE), fetchLots(TYPE_CHARGE)]);
    runInAction(() => {
      if (all.status === 'fulfilled') this.parkingList = all.value;
      if (space.status === 'fulfilled') this.parkingTypeSpace = space.value;
      if (lane.status === 'fulfilled') this.parkingTypeLane = lane.value;
      if (charge.status === 'fulfilled') this.parkingTypeCharge = charge.value;
    });
  }

  setHideExportId(id: string): void {
    this.hideExportId = id;
  }

  reset(): void {
    this.parkingList = [];
    this.parkingTypeSpace = [];
    this.parkingTypeLane = [];
    this.parkingTypeCharge = [];
    this.hideExportId = '';
  }
}

export const baseDataStore = new BaseDataStore();
