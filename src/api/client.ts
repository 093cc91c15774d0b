import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { getToken } from '../utils/auth-cookie';
import { classifyFailure, type ErrorAction, type FailureInfo } from './error-catalogue';
import { sessionEvents } from './session-events';
import { feedback } from '../feedback/feedback-store';

export const REQUEST_TIMEOUT_MS = 1_200_000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** amis shows its own message for plain failures; the client only handles session flow. */
    quietErrors?: boolean;
  }
}

/** The one HTTP client, for the console and for amis pages. */
export const http = axios.create({
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json;charset=UTF-8' },
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', token);
  return config;
});

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
    };
  }
  return { errorMessage: String(error) };
}

export function performErrorAction(action: ErrorAction, quiet = false) {
  switch (action.kind) {
    case 'session-expired':
      sessionEvents().expired();
      break;
    case 'unauthorized':
      sessionEvents().unauthorized();
      break;
    case 'forbidden':
      sessionEvents().forbidden();
      break;
    case 'notify':
      if (!quiet) feedback.notify('error', action.title, action.message);
      break;
  }
}

http.interceptors.response.use(
  (response) => {
    const body = response.data;
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    const action = classifyFailure({ status: response.status, code: typeof code === 'number' ? code : undefined, body });
    if (action) performErrorAction(action, response.config.quietErrors);
    return response;
  },
  (error: unknown) => {
    const action = classifyFailure(failureFromError(error));
    const quiet = error instanceof AxiosError && Boolean((error.config as AxiosRequestConfig | undefined)?.quietErrors);
    if (action) performErrorAction(action, quiet);
    return Promise.reject(error);
  },
);
