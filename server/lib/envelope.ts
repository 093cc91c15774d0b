/** The { code, msg, data } envelope every /api answer uses, and the error that carries one. */

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const MSG = {
  expired: '登录状态已过期，请重新登录',
  forbidden: '没有权限访问该资源',
  notFound: '记录不存在',
  noRoute: '接口不存在',
  internal: '服务器内部错误',
  badRequest: '请求参数格式不正确',
} as const;

/** Success messages of the common writes, one wording everywhere. */
export const DONE = {
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
  saved: '保存成功',
} as const;

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, msg, data };
}

/** A business answer other than success. httpStatus is 200 except for 403/404-route/500. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    msg: string,
    public readonly data: unknown = null,
    public readonly httpStatus = 200,
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  toEnvelope(): Envelope {
    return { code: this.code, msg: this.message, data: this.data };
  }
}

export const badRequest = (msg: string, data: unknown = null): ApiError => new ApiError(400, msg, data);
export const notFound = (): ApiError => new ApiError(404, MSG.notFound);
export const expired = (): ApiError => new ApiError(600, MSG.expired);
export const forbidden = (): ApiError => new ApiError(403, MSG.forbidden, null, 403);
