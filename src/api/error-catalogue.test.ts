import { describe, expect, it } from 'vitest';
import { classifyFailure, isNoAnswer, failureMessage } from './error-catalogue';

describe('error catalogue', () => {
  it.each([600, 601, 602])('asks to sign in again for envelope code %i', (code) => {
    expect(classifyFailure({ status: 200, code })).toEqual({ kind: 'session-expired' });
  });

  it('lets a success through', () => {
    expect(classifyFailure({ status: 200, code: 200 })).toBeNull();
  });

  it('leaves business errors (code 400) to the caller', () => {
    expect(classifyFailure({ status: 200, code: 400 })).toBeNull();
  });

  it('HTTP 401 asks whether to sign in again', () => {
    expect(classifyFailure({ status: 401 })).toEqual({ kind: 'unauthorized' });
  });

  it('HTTP 403 on a navigation or a load goes to /401', () => {
    expect(classifyFailure({ status: 403 })).toEqual({ kind: 'forbidden' });
    expect(classifyFailure({ status: 403, write: false })).toEqual({ kind: 'forbidden' });
  });

  it('HTTP 403 on a save shows the refusal where the user is (what they typed stays)', () => {
    expect(classifyFailure({ status: 403, write: true, body: { code: 403, msg: '没有权限访问该资源' } })).toEqual({
      kind: 'notify',
      title: '没有权限',
      message: '没有权限访问该资源',
    });
  });

  it('other error statuses notify 服务错误 with the message or error field', () => {
    expect(classifyFailure({ status: 500, body: { msg: '服务器内部错误' } })).toEqual({
      kind: 'notify',
      title: '服务错误',
      message: '服务器内部错误',
    });
    expect(classifyFailure({ status: 502, body: { error: 'Bad Gateway' } })).toEqual({
      kind: 'notify',
      title: '服务错误',
      message: 'Bad Gateway',
    });
  });

  it('a timeout notifies 网络请求超时', () => {
    expect(classifyFailure({ errorCode: 'ECONNABORTED', errorMessage: 'timeout of 1200000ms exceeded' })).toEqual({
      kind: 'notify',
      title: '网络请求超时',
    });
  });

  it('no response at all notifies 接口请求失败', () => {
    expect(classifyFailure({ errorCode: 'ERR_NETWORK', errorMessage: 'Network Error' })).toEqual({ kind: 'notify', title: '接口请求失败' });
  });

  it('a status outside 200..300 that is not an error status notifies 错误', () => {
    expect(classifyFailure({ status: 304 })).toEqual({ kind: 'notify', title: '错误', message: undefined });
  });

  it('tells a request that got no answer (worth a retry) from one that was answered', () => {
    expect(isNoAnswer('接口请求失败')).toBe(true);
    expect(isNoAnswer('加载选项失败，原因：接口请求失败')).toBe(true);
    expect(isNoAnswer('网络请求超时')).toBe(true);
    expect(isNoAnswer('服务错误：数据库暂不可用')).toBe(false);
  });
});

describe('failureMessage', () => {
  it('says the title and the server message, as a list shows them', () => {
    expect(failureMessage({ status: 500, body: { code: 500, msg: '数据库忙' } })).toBe('服务错误：数据库忙');
    expect(failureMessage({ errorCode: 'ECONNRESET' })).toBe('接口请求失败');
    expect(failureMessage({ errorCode: 'ECONNABORTED' })).toBe('网络请求超时');
    expect(failureMessage({ status: 502, body: '<html></html>' }, '接口返回的数据格式不正确')).toBe('服务错误：接口返回的数据格式不正确');
  });
});
