import { describe, expect, it } from 'vitest';
import { adaptResponse, BAD_BODY_MSG } from './response-adaptor';

describe('amis response adaptor', () => {
  it('maps code 200 to status 0 with the data', () => {
    expect(adaptResponse({ code: 200, msg: '修改成功', data: { id: '1' } })).toEqual({ status: 0, msg: '修改成功', data: { id: '1' } });
  });

  it('maps data.list + data.pagination.total to items + total', () => {
    const out = adaptResponse({ code: 200, msg: '', data: { list: [{ id: 1 }], pagination: { currentPage: 1, pageSize: 10, total: 31 } } });
    expect(out.status).toBe(0);
    expect(out.data).toMatchObject({ items: [{ id: 1 }], total: 31 });
  });

  it('maps rows + total to items + total', () => {
    expect(adaptResponse({ code: 200, msg: '', rows: [{ id: 2 }], total: 5 })).toEqual({
      status: 0,
      msg: '',
      data: { items: [{ id: 2 }], total: 5 },
    });
  });

  it('treats any other code as an error carrying the server msg', () => {
    expect(adaptResponse({ code: 400, msg: '停车场编号已存在', data: null })).toEqual({ status: 400, msg: '停车场编号已存在', data: null });
  });

  it('treats a body with neither code nor status as an error, not as success', () => {
    expect(adaptResponse({ data: {} })).toEqual({ status: -1, msg: BAD_BODY_MSG, data: null });
    expect(adaptResponse({ status: 'ok', data: {} })).toEqual({ status: -1, msg: BAD_BODY_MSG, data: null });
    expect(adaptResponse('<html>')).toEqual({ status: -1, msg: BAD_BODY_MSG, data: null });
    expect(adaptResponse(null)).toEqual({ status: -1, msg: BAD_BODY_MSG, data: null });
  });

  it('gives a code-0 body a non-zero status, since amis reads 0 as success', () => {
    expect(adaptResponse({ code: 0, msg: '' }).status).not.toBe(0);
  });

  it('accepts amis’s own envelope: status 0 is success with its data', () => {
    expect(adaptResponse({ status: 0, msg: '', data: { name: '1号场' } })).toEqual({ status: 0, msg: '', data: { name: '1号场' } });
  });

  it('accepts amis’s own list, items and total, as it is', () => {
    const out = adaptResponse({ status: 0, msg: 'ok', data: { items: [{ id: 1 }, { id: 2 }], total: 40 } });
    expect(out).toEqual({ status: 0, msg: 'ok', data: { items: [{ id: 1 }, { id: 2 }], total: 40 } });
  });

  it('reads amis’s rows + total list as items + total', () => {
    const out = adaptResponse({ status: 0, msg: '', data: { rows: [{ id: 3 }], total: 12 } });
    expect(out.data).toMatchObject({ items: [{ id: 3 }], total: 12 });
  });

  it('shows amis’s non-zero status as the failure it is, with its msg', () => {
    expect(adaptResponse({ status: 500, msg: '名称重复', data: null })).toEqual({ status: 500, msg: '名称重复', data: null });
    expect(adaptResponse({ status: 1 }).msg).toBe('操作失败（1）');
  });
});
