/** What amis expects from a fetcher: status 0 is success. */
export interface AmisPayload {
  status: number;
  msg: string;
  data: unknown;
}

export const BAD_BODY_MSG = '接口返回的数据格式不正确';

function isRecord(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** amis's own envelope `{status, msg, data}` (status 0 is success), as any amis back end answers. */
function adaptAmisEnvelope(body: Record<string, unknown>): AmisPayload {
  const status = Number(body.status);
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (!Number.isFinite(status)) return { status: -1, msg: BAD_BODY_MSG, data: null };
  if (status !== 0) return { status, msg: msg || `操作失败（${String(body.status)}）`, data: body.data ?? null };
  const data = body.data;
  // a list in amis's words: items (or rows) and total; rows become items, as amis reads them
  if (isRecord(data) && Array.isArray(data.rows) && !Array.isArray(data.items))
    return { status: 0, msg, data: { ...data, items: data.rows, total: Number(data.total ?? data.rows.length) } };
  return { status: 0, msg, data: data ?? {} };
}

/**
 * Adapt the platform envelope `{code, msg, data}` for amis. Only code 200 is
 * success. Lists: `data.list` + `data.pagination.total`, or `rows` + `total`, become `items` + `total`.
 * amis's own envelope `{status, msg, data}` passes as amis reads it, so a page written against any
 * amis back end works. A body with neither `code` nor `status` is an error, never silently accepted.
 */
export function adaptResponse(body: unknown): AmisPayload {
  if (isRecord(body) && !('code' in body) && 'status' in body) return adaptAmisEnvelope(body);
  if (!isRecord(body) || !('code' in body)) return { status: -1, msg: BAD_BODY_MSG, data: null };
  const code = Number(body.code);
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (code !== 200)
    return {
      status: Number.isFinite(code) && code !== 0 ? code : -1,
      msg: msg || `操作失败（${String(body.code)}）`,
      data: body.data ?? null,
    };
  if (Array.isArray(body.rows)) {
    return { status: 0, msg, data: { items: body.rows, total: Number(body.total ?? body.rows.length) } };
  }
  const data = body.data;
  if (isRecord(data) && Array.isArray(data.list)) {
    const pagination = isRecord(data.pagination) ? data.pagination : {};
    return { status: 0, msg, data: { ...data, items: data.list, total: Number(pagination.total ?? data.list.length) } };
  }
  return { status: 0, msg, data: data ?? {} };
}
