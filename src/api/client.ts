import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { getToken } from '../utils/auth-cookie';
import { classifyFailure, type ErrorAction, type FailureInfo, requestIdOf } from './error-catalogue';
import { isWrite, performErrorAction, REQUEST_TIMEOUT_MS } from './error-action';
import { demoHistory } from '../stores/demo-history-store';
import { DEMO_HISTORY_HEADER } from '../../domain/demo-history-header';
import { resend, resendable, withIdempotencyKey } from './idempotency';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** amis shows its own message for plain failures; the client only handles session flow. */
    quietErrors?: boolean;
  }
}

export function failureFromError(error: unknown): FailureInfo {
  if (error instanceof AxiosError) {
    const body = error.response?.data;
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    return {
      status: error.response?.status,
      code: typeof code === 'number' ? code : undefined,
      body,
      errorCode: error.code,
      errorMessage: error.message,
      write: isWrite(error.config?.method),
      requestId: requestIdOf(error.response?.headers),
    };
  }
  return { errorMessage: String(error) };
}

export interface HttpClientOptions {
  /** Where requests go; axios's own by default (XHR in the browser). Tests pass a stub: src/test-support/stub-http.ts. */
  adapter?: AxiosAdapter;
  /** The session token sent as Authorization; the cookie's by default. */
  token?: () => string | undefined;
  /** What a failure of the error catalogue does; by default the session events and the notice (performErrorAction). */
  onFailure?: (action: ErrorAction, quiet: boolean) => void;
}

/**
 * A client with the console's timeout, headers, token and error catalogue. The app uses the one
 * below (`http`); a test builds its own with a stub adapter instead of patching that one.
 */
export function createHttpClient({ adapter, token = getToken, onFailure = performErrorAction }: HttpClientOptions = {}): AxiosInstance {
  const client = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    ...(adapter ? { adapter } : {}),
  });

  client.interceptors.request.use((config) => {
    const value = token();
    if (value) config.headers.set('Authorization', value);
    return withIdempotencyKey(config);
  });

  client.interceptors.response.use(
    (response) => {
      demoHistory.heard(response.headers[DEMO_HISTORY_HEADER]);
      const body = response.data;
      const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
      const action = classifyFailure({
        status: response.status,
        code: typeof code === 'number' ? code : undefined,
        body,
        write: isWrite(response.config.method),
        requestId: requestIdOf(response.headers),
      });
      if (action) onFailure(action, Boolean(response.config.quietErrors));
      return response;
    },
    (error: unknown) => {
      // a write without an answer is sent again under its key: the server runs it at most once
      if (resendable(error)) return resend(client, error.config);
      const action = classifyFailure(failureFromError(error));
      const quiet = error instanceof AxiosError && Boolean((error.config as AxiosRequestConfig | undefined)?.quietErrors);
      if (action) onFailure(action, quiet);
      return Promise.reject(error);
    },
  );
  return client;
}

/** The one HTTP client, for the console and for amis pages. */
export const http = createHttpClient();
