import { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { isWrite } from './error-action';

/**
 * Every write the console sends carries an `Idempotency-Key` (server/lib/idempotency.ts): a write
 * whose answer never came (the connection dropped, the network blinked) is sent once more under
 * the same key, and the server answers what the first one did instead of moving money twice.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** wait before sending a write again after it got no answer */
export const RESEND_AFTER_MS = 800;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** the write was already sent once under its key */
    resent?: boolean;
  }
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/** Request interceptor: a write gets its key, once (a resend keeps it). */
export function withIdempotencyKey(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (isWrite(config.method) && !config.headers.has(IDEMPOTENCY_HEADER)) config.headers.set(IDEMPOTENCY_HEADER, newKey());
  return config;
}

/** A write that got no answer at all and was not resent yet: send it again, same key, once. */
export function resendable(error: unknown): error is AxiosError & { config: InternalAxiosRequestConfig } {
  if (!(error instanceof AxiosError) || !error.config || error.response) return false;
  if (error.code === AxiosError.ERR_CANCELED) return false;
  const config = error.config;
  return isWrite(config.method) && !config.resent && config.headers.has(IDEMPOTENCY_HEADER);
}

export async function resend(client: AxiosInstance, config: InternalAxiosRequestConfig): Promise<unknown> {
  await new Promise((r) => setTimeout(r, RESEND_AFTER_MS));
  return client.request({ ...config, resent: true });
}
