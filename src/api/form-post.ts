import { getToken } from '../utils/auth-cookie';
import { classifyFailure, type ErrorAction, type FailureInfo, requestIdOf } from './error-catalogue';
import { performErrorAction, REQUEST_TIMEOUT_MS } from './error-action';
import type { Envelope } from './types';

/**
 * The sign-in page's calls (sign-in, captcha, SMS) without axios: a form POST through fetch, so
 * the first screen does not load the console's client. What a failure does is the same: the error
 * catalogue decides (error-catalogue.ts) and performErrorAction acts, as in client.ts.
 */

export interface FormPostOptions {
  /** the session token sent as Authorization; the cookie's by default */
  token?: () => string | undefined;
  /** what a failure of the error catalogue does; the session events and the notice by default */
  onFailure?: (action: ErrorAction) => void;
  fetchImpl?: typeof fetch;
}

/** Form fields, leaving out those without a value. */
export function formFields(values: Record<string, string | boolean | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.append(key, String(value));
  return params;
}

/** The body as JSON when it is, else as text (as axios hands it over). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Failure info of a request that got no answer: a timeout is told apart as axios tells it. */
function noAnswer(error: unknown): FailureInfo {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return { errorCode: timedOut ? 'ETIMEDOUT' : undefined, errorMessage: String(error), write: true };
}

/**
 * POSTs form fields and answers the envelope. A status outside 2xx, or no answer, rejects after
 * the catalogue's action (a notice, the session flow); a 2xx envelope with a session code (600…)
 * starts the session flow and is still answered, as the axios client does.
 */
export async function postForm<T>(
  url: string,
  fields: URLSearchParams,
  { token = getToken, onFailure = performErrorAction, fetchImpl = fetch }: FormPostOptions = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const value = token();
  if (value) headers.Authorization = value;
  let res: Response;
  let body: unknown;
  try {
    res = await fetchImpl(url, { method: 'POST', headers, body: fields, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    body = parseBody(await res.text());
  } catch (error) {
    const action = classifyFailure(noAnswer(error));
    if (action) onFailure(action);
    throw error;
  }
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  const action = classifyFailure({
    status: res.status,
    code: typeof code === 'number' ? code : undefined,
    body,
    write: true,
    requestId: requestIdOf(res.headers),
  });
  if (action) onFailure(action);
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}`);
  return body as Envelope<T>;
}
