/**
 * The spec's error catalogue as a pure decision: what the console does for a
 * failed (or failing) response. The axios interceptors and the amis fetcher
 * both act on it.
 */
export type ErrorAction =
  | { kind: 'session-expired' } // code 600/601/602: confirm, then sign out and reload
  | { kind: 'unauthorized' } // HTTP 401: confirm, user may stay
  | { kind: 'forbidden' } // HTTP 403 on a navigation or load: go to /401 (a refused write: notify)
  | { kind: 'notify'; title: string; message?: string; requestId?: string };

export const SESSION_EXPIRED_CODES = [600, 601, 602];

export interface FailureInfo {
  /** HTTP status, when a response arrived */
  status?: number;
  /** envelope code, when the body had one */
  code?: number;
  /** body of the response, if any */
  body?: unknown;
  /** axios error code such as ECONNABORTED / ETIMEDOUT */
  errorCode?: string;
  errorMessage?: string;
  /** the request changes data (not GET): a refusal is shown where the user is, keeping what they typed */
  write?: boolean;
  /** the server's name for the request (`x-request-id`): the notice shows it, so a user can quote it to the operators */
  requestId?: string;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** The request id of a response's headers (axios's plain object or fetch's Headers), if any. */
export function requestIdOf(headers: unknown): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const h = headers as { get?: (name: string) => unknown } & Record<string, unknown>;
  const value = typeof h.get === 'function' ? h.get(REQUEST_ID_HEADER) : h[REQUEST_ID_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

function bodyMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['msg', 'message', 'error']) {
      if (typeof b[key] === 'string' && b[key]) return b[key] as string;
    }
  }
  return undefined;
}

export function isTimeout(info: FailureInfo): boolean {
  return info.errorCode === 'ECONNABORTED' || info.errorCode === 'ETIMEDOUT' || /timeout/i.test(info.errorMessage ?? '');
}

/** The catalogue's titles for a request that got no answer (reset, refused, timed out): trying again may help. */
export const NO_ANSWER_TITLES = ['接口请求失败', '网络请求超时'];

/** A message that says a request got no answer (amis may put its own words around it). */
export function isNoAnswer(message: string): boolean {
  return NO_ANSWER_TITLES.some((title) => message.includes(title));
}

/** Decide for a response that arrived with an HTTP status. */
export function classifyFailure(info: FailureInfo): ErrorAction | null {
  if (info.code !== undefined && SESSION_EXPIRED_CODES.includes(info.code)) return { kind: 'session-expired' };
  if (info.status === undefined) {
    if (isTimeout(info)) return { kind: 'notify', title: '网络请求超时' };
    return { kind: 'notify', title: '接口请求失败' };
  }
  if (info.status >= 200 && info.status <= 300) return null;
  if (info.status === 401) return { kind: 'unauthorized' };
  const id = info.requestId ? { requestId: info.requestId } : {};
  if (info.status === 403)
    return info.write ? { kind: 'notify', title: '没有权限', message: bodyMessage(info.body), ...id } : { kind: 'forbidden' };
  if (info.status >= 400) return { kind: 'notify', title: '服务错误', message: bodyMessage(info.body), ...id };
  return { kind: 'notify', title: '错误', message: bodyMessage(info.body), ...id };
}

/**
 * A failed request in words, as a list or a select says it: the catalogue's title and the server's
 * message (`服务错误：数据库暂不可用，请稍后重试`), the title alone without a body (`接口请求失败`).
 * `detail`: the body's message as the caller reads it (the fetcher reads amis's and the platform's envelopes).
 */
export function failureMessage(info: FailureInfo, detail = bodyMessage(info.body)): string {
  const action = classifyFailure(info);
  const title = action?.kind === 'notify' ? action.title : '';
  return [title, info.body ? detail : ''].filter(Boolean).join('：') || '接口请求失败';
}
