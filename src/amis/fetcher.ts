import type { AxiosResponse } from 'axios';
import { http, failureFromError } from '../api/client';
import { failureMessage } from '../api/error-catalogue';
import { withRequestId } from '../api/error-action';
import { blockedRequest, blockedText } from '../api/policy-violations';
import { adaptResponse, type AmisPayload } from './response-adaptor';
import { normalizeBody, normalizeQuery } from './request-query';
import { downloadName, saveBlob } from './download';
import { cachedDict, forgetDicts, isDictRequest, storedEntry } from './dict-cache';
import { isLotWrite, lotLookupType } from './lot-lookup';
import { baseDataStore, LookupFailed } from '../stores/base-data-store';
import { localizeMessage } from '../i18n/server-messages';
import { localizeDict, localizeMenuOptions } from '../i18n/dict-labels';
import { localizeServerTexts } from '../i18n/server-labels';
import { userStore } from '../stores/user-store';
import { noteAnswer } from './page-reload';
import { lookupFailure, lookupOf } from './extensions/lookup-names';

export interface AmisApi {
  url: string;
  method?: string;
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: string;
  /** `"rowsMode": true` in a page's api: the list API pages with pageNum/pageSize */
  rowsMode?: boolean;
  /** a select's options and the like: what they are of, in words (src/amis/extensions/lookup-names.ts) */
  pcLookup?: string;
}

export interface FetcherResult {
  status: number;
  headers: Record<string, unknown>;
  data: AmisPayload;
}

async function blobToJson(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

async function handleBinary(res: AxiosResponse<Blob>, url: string): Promise<AmisPayload> {
  const type = String(res.headers['content-type'] ?? '');
  // a binary call that failed answers with the JSON envelope
  if (type.includes('json')) return adaptResponse(await blobToJson(res.data));
  saveBlob(res.data, downloadName(res.headers['content-disposition'] as string | undefined, url));
  return { status: 0, msg: '', data: {} };
}

/**
 * amis's fetcher: every call goes through the one axios client, so the
 * error catalogue (expired session, 403, timeouts) applies to JSON pages too.
 */
export async function amisFetcher(api: AmisApi): Promise<FetcherResult> {
  const method = (api.method || 'get').toLowerCase();
  const url = normalizeQuery(api.url, api.rowsMode);
  if (isDictRequest(url)) {
    if (method === 'get')
      return { status: 200, headers: {}, data: localizeDict(await cachedDict(url, async () => (await send(api, method, url)).data)) };
    forgetDicts();
    api = { ...api, data: storedEntry(api.data) };
  }
  const lookup = method === 'get' ? lotLookupType(url) : null;
  if (lookup) {
    try {
      const items = await baseDataStore.lots(lookup.type, userStore.token);
      return { status: 200, headers: {}, data: { status: 0, msg: '', data: { items, options: items, total: items.length } } };
    } catch (error) {
      // the select says it as amis says any failed call; it asks again when opened (vocabulary.ts, expandLots)
      if (!(error instanceof LookupFailed)) throw error;
      return { status: 200, headers: {}, data: { status: -1, msg: failureText(api, error.message, error.requestId), data: null } };
    }
  }
  const result = await send(api, method, url);
  if (method === 'get') result.data = localizeMenuOptions(url, result.data);
  result.data = localizeServerTexts(result.data);
  if (isLotWrite(method, url) && result.data.status === 0) baseDataStore.forget();
  // a write that succeeded: the open lists and their summaries reload (src/amis/page-reload.ts)
  noteAnswer(method, url, result.data.status);
  return result;
}

async function send(api: AmisApi, method: string, url: string): Promise<FetcherResult> {
  const binary = api.responseType === 'blob';
  try {
    const res = await http.request({
      url,
      method,
      data: method === 'get' ? undefined : normalizeBody(api.data),
      headers: api.headers,
      responseType: binary ? 'blob' : 'json',
      quietErrors: true,
    });
    const data = binary ? await handleBinary(res as AxiosResponse<Blob>, url) : adaptResponse(res.data);
    const msg = data.status === 0 ? localizeMessage(data.msg) : failureText(api, data.msg);
    return { status: 200, headers: res.headers as Record<string, unknown>, data: { ...data, msg } };
  } catch (error) {
    // answer amis with the catalogue's words, so it shows exactly one message
    const failure = failureFromError(error);
    // no answer because the security policy blocked another origin: say which, and which setting
    const blocked = failure.status === undefined ? await blockedRequest(url) : undefined;
    if (blocked) return { status: 200, headers: {}, data: { status: -1, msg: blockedText(blocked), data: null } };
    const msg = failureText(api, failureMessage(failure, adaptResponse(failure.body).msg), failure.requestId);
    return { status: 200, headers: {}, data: { status: failure.status ?? -1, msg, data: null } };
  }
}

/**
 * A failure as amis shows it: a lookup (a select's options) says what it was for, as the field is
 * called (`停车场列表加载失败：服务错误：数据库忙`); the request's id last, for the operators.
 */
function failureText(api: AmisApi, message: string, requestId?: string): string {
  const lookup = lookupOf(api);
  return withRequestId(localizeMessage(lookup === undefined ? message : lookupFailure(lookup, message)), requestId);
}
