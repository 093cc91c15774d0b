import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createHttpClient, type HttpClientOptions } from '../api/client';
import type { ErrorAction } from '../api/error-catalogue';

/**
 * An HTTP stub for tests, after react-admin's testDataProvider: the test supplies an answer per
 * request, keyed `METHOD path` (`'GET /api/system/Parking'`), and any other request fails with an
 * error naming it. Build a client on it (`stubHttpClient`) and hand that to the code under test;
 * the shared client (src/api/client.ts) is never touched.
 */

/** One request as the stub saw it. */
export interface StubRequest {
  /** `GET /api/system/Parking`: the method and the path, without the query string */
  key: string;
  method: string;
  path: string;
  /** the request's params, and those of its query string (as strings) */
  params: Record<string, unknown>;
  /** the body, parsed back when it was JSON */
  body: unknown;
  headers: AxiosHeaders;
  config: InternalAxiosRequestConfig;
}

/** An answer with another status than 200, or with headers. */
export class StubReply {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, data?: unknown, headers?: Record<string, string>): StubReply {
  return new StubReply(status, data, headers);
}

/**
 * A body (answered with 200), a `reply(status, body)`, or a function of the request giving either;
 * a function that throws (or rejects) makes the request fail as if the network had.
 */
export type StubAnswer = unknown;

export interface StubHttp {
  adapter: AxiosAdapter;
  /** every request that reached the stub, answered or not, in order */
  calls: StubRequest[];
  /** the keys of requests the test gave no answer for (each failed with a StubHttpError) */
  unanswered: string[];
  /** adds or replaces the answer to one request */
  on(key: string, answer: StubAnswer): void;
}

export class StubHttpError extends Error {
  constructor(
    readonly key: string,
    supplied: string[],
  ) {
    super(
      `stub-http: the test supplied no answer for "${key}" (it answers ${supplied.length ? supplied.map((k) => `"${k}"`).join(', ') : 'nothing'})`,
    );
    this.name = 'StubHttpError';
  }
}

const KEY = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/\S*$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('?'))
    throw new Error(`stub-http: "${key}" is not a request key; write "METHOD /path", e.g. "GET /api/system/Parking"`);
  return key;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function requestOf(config: InternalAxiosRequestConfig): StubRequest {
  const url = config.url ?? '';
  const full =
    config.baseURL && !/^[a-z][a-z\d+.-]*:\/\//i.test(url) ? `${config.baseURL.replace(/\/$/, '')}/${url.replace(/^\//, '')}` : url;
  const parsed = new URL(full, 'http://stub.invalid/');
  const params: Record<string, unknown> = Object.fromEntries(parsed.searchParams);
  const own =
    config.params instanceof URLSearchParams ? Object.fromEntries(config.params) : (config.params as Record<string, unknown> | undefined);
  Object.assign(params, own);
  const method = (config.method ?? 'get').toUpperCase();
  return {
    key: `${method} ${parsed.pathname}`,
    method,
    path: parsed.pathname,
    params,
    body: parseBody(config.data),
    headers: config.headers,
    config,
  };
}

export function stubHttp(answers: Record<string, StubAnswer> = {}): StubHttp {
  const table = new Map<string, StubAnswer>();
  const stub: StubHttp = {
    calls: [],
    unanswered: [],
    on(key, answer) {
      table.set(checkKey(key), answer);
    },
    adapter: async (config) => {
      const request = requestOf(config);
      stub.calls.push(request);
      if (!table.has(request.key)) {
        stub.unanswered.push(request.key);
        throw new StubHttpError(request.key, [...table.keys()]);
      }
      const answer = table.get(request.key);
      let given: unknown;
      try {
        given = typeof answer === 'function' ? await (answer as (r: StubRequest) => unknown)(request) : answer;
      } catch (error) {
        // as axios's XHR adapter reports a request with no answer (reset, refused, offline)
        throw new AxiosError(error instanceof Error ? error.message : String(error), AxiosError.ERR_NETWORK, config, {});
      }
      const { status, data, headers } = given instanceof StubReply ? given : new StubReply(200, given);
      const response: AxiosResponse = {
        data,
        status,
        statusText: status === 200 ? 'OK' : String(status),
        headers: new AxiosHeaders(headers),
        config,
        request: {},
      };
      // what axios's own adapters do (settle): a status outside validateStatus rejects
      if (config.validateStatus && !config.validateStatus(status)) {
        throw new AxiosError(
          `Request failed with status code ${status}`,
          status >= 400 && status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
          config,
          {},
          response,
        );
      }
      return response;
    },
  };
  for (const [key, answer] of Object.entries(answers)) stub.on(key, answer);
  return stub;
}

export interface StubHttpClient extends StubHttp {
  /** a client like the app's (token, error catalogue) whose requests go to the stub */
  http: AxiosInstance;
  /** what the error catalogue decided for failed requests, instead of notices and session events */
  failures: { action: ErrorAction; quiet: boolean }[];
}

/** A stub and a client built on it; the token is none unless the test gives one. */
export function stubHttpClient(
  answers: Record<string, StubAnswer> = {},
  options: Omit<HttpClientOptions, 'adapter' | 'onFailure'> = {},
): StubHttpClient {
  const stub = stubHttp(answers);
  const failures: StubHttpClient['failures'] = [];
  const http = createHttpClient({
    token: () => undefined,
    ...options,
    adapter: stub.adapter,
    onFailure: (action, quiet) => failures.push({ action, quiet }),
  });
  return Object.assign(stub, { http, failures });
}
