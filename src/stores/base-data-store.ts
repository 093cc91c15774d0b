import { makeAutoObservable, runInAction } from 'mobx';
import type { AxiosInstance } from 'axios';
import { failureFromError, http } from '../api/client';
import { classifyFailure, failureMessage } from '../api/error-catalogue';

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

/** A lookup that did not give its lots: the select that asked says why (src/amis/fetcher.ts), never stays silently empty. */
export class LookupFailed extends Error {
  /** `requestId`: the server's name for the request (an error status's answer), which the message quotes */
  constructor(
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/**
 * The server answered the lookup but refused it: a `code` other than 200 (the message is the server's),
 * or an error status (the catalogue's title and the server's message: `服务错误：数据库忙`).
 */
export class LookupRefused extends LookupFailed {}

/** The lookup got no answer (connection reset or refused, timed out): the message is the error catalogue's title. */
export class LookupUnanswered extends LookupFailed {}

async function fetchLots(client: AxiosInstance, type?: number): Promise<ParkingItem[]> {
  const params = type === undefined ? { ...LOOKUP } : { ...LOOKUP, type };
  let res;
  try {
    // quiet: the four lookups of a load would otherwise announce one failure four times; the select says it once
    res = await client.get<{ code: number; msg?: string; data?: { list?: ParkingItem[] } }>('/api/system/Parking', {
      params,
      quietErrors: true,
    });
  } catch (error) {
    const failure = failureFromError(error);
    if (failure.status !== undefined) throw new LookupRefused(failureMessage(failure), failure.requestId);
    const action = classifyFailure(failure);
    throw new LookupUnanswered(action?.kind === 'notify' ? action.title : '接口请求失败');
  }
  if (res.data?.code !== 200) throw new LookupRefused(res.data?.msg || '接口请求失败');
  return res.data.data?.list ?? [];
}

/**
 * Base data (spec §3): the lot lists every screen's selects use (a page's `"lots": "lane"` select,
 * answered from here by the amis fetcher), loaded once per signed-in user and read again after a lot
 * is written.
 */
export class BaseDataStore {
  parkingList: ParkingItem[] = [];
  parkingTypeSpace: ParkingItem[] = [];
  parkingTypeLane: ParkingItem[] = [];
  parkingTypeCharge: ParkingItem[] = [];
  /** a lot id whose export the current screen hides (set by the screen, not loaded) */
  hideExportId = '';
  /** the load the lists come from, and whose session it was for (lots visible to a user differ) */
  private loaded: { owner: string | undefined; done: Promise<boolean> } | null = null;
  /** the lookups that failed in the last load, by type */
  private failed = new Map<number | undefined, LookupFailed>();

  /** `client`: where the lookups go; the shared client, or a test's (src/test-support/stub-http.ts). */
  constructor(private readonly client: AxiosInstance = http) {
    makeAutoObservable<BaseDataStore, 'loaded' | 'client' | 'failed'>(this, { loaded: false, client: false, failed: false });
  }

  /** The four lookups in parallel; one failing leaves its list as it was. True when all four arrived. */
  async load(): Promise<boolean> {
    const [all, space, lane, charge] = await Promise.allSettled([
      fetchLots(this.client),
      fetchLots(this.client, TYPE_SPACE),
      fetchLots(this.client, TYPE_LANE),
      fetchLots(this.client, TYPE_CHARGE),
    ]);
    this.failed = new Map();
    for (const [type, result] of [
      [undefined, all],
      [TYPE_SPACE, space],
      [TYPE_LANE, lane],
      [TYPE_CHARGE, charge],
    ] as const)
      if (result.status === 'rejected')
        this.failed.set(type, result.reason instanceof LookupFailed ? result.reason : new LookupUnanswered('接口请求失败'));
    runInAction(() => {
      if (all.status === 'fulfilled') this.parkingList = all.value;
      if (space.status === 'fulfilled') this.parkingTypeSpace = space.value;
      if (lane.status === 'fulfilled') this.parkingTypeLane = lane.value;
      if (charge.status === 'fulfilled') this.parkingTypeCharge = charge.value;
    });
    return [all, space, lane, charge].every((r) => r.status === 'fulfilled');
  }

  /** The lots of one management type (all when undefined), loading the lists first when `owner` has not had them yet. */
  async lots(type: number | undefined, owner?: string): Promise<ParkingItem[]> {
    if (!this.loaded || this.loaded.owner !== owner) {
      const done = this.load();
      this.loaded = { owner, done };
      // a failed lookup is not remembered: the next select asks again
      void done.then((ok) => !ok && this.loaded?.done === done && this.forget());
    }
    await this.loaded.done;
    const failed = this.failed.get(type);
    if (failed) throw failed;
    return this.listOf(type);
  }

  listOf(type: number | undefined): ParkingItem[] {
    if (type === TYPE_SPACE) return this.parkingTypeSpace;
    if (type === TYPE_LANE) return this.parkingTypeLane;
    if (type === TYPE_CHARGE) return this.parkingTypeCharge;
    return this.parkingList;
  }

  /** A lot was added, changed or deleted: the next read loads the lists again. */
  forget(): void {
    this.loaded = null;
  }

  setHideExportId(id: string): void {
    this.hideExportId = id;
  }

  reset(): void {
    this.loaded = null;
    this.parkingList = [];
    this.parkingTypeSpace = [];
    this.parkingTypeLane = [];
    this.parkingTypeCharge = [];
    this.hideExportId = '';
  }
}

export const baseDataStore = new BaseDataStore();
