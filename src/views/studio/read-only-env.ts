import type { RenderOptions } from 'amis';
import { amisEnv } from '../../amis/amis-env';
import { amisFetcher, type AmisApi, type FetcherResult } from '../../amis/fetcher';
import { st } from './studio-texts';

/** Whether a request of a page under edit may go out: reads only. */
export function mayLoad(method: string | undefined): boolean {
  const m = (method || 'get').toLowerCase();
  return m === 'get' || m === 'head' || m === 'jsonp';
}

/**
 * The console's fetcher for a page being edited or previewed: lists, details and dictionaries load
 * with live data as on the screen, but nothing writes. A save, delete or action of the page under
 * edit answers a refusal in words instead of reaching the server.
 */
export async function readOnlyFetcher(api: AmisApi): Promise<FetcherResult> {
  // amis parses `"post:/api/x"` into a method and a URL before it calls the fetcher; a URL that
  // still carries its method is judged by it all the same
  const prefix = /^(\w+):(?!\/\/)/.exec(api.url);
  const method = api.method || prefix?.[1];
  if (mayLoad(method)) return amisFetcher(api);
  const url = api.url.slice(prefix?.[0].length ?? 0).split('?')[0];
  return {
    status: 200,
    headers: {},
    data: { status: 1, msg: st('readOnly', { method: (method ?? '').toUpperCase(), url }), data: null },
  };
}

/** The console's amis env with the read-only fetcher, for the editor's canvas and the preview. */
export const readOnlyEnv: RenderOptions = {
  ...amisEnv,
  fetcher: ((api: AmisApi) => readOnlyFetcher(api)) as unknown as RenderOptions['fetcher'],
};
