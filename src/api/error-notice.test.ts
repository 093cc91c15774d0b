import { afterEach, describe, expect, it } from 'vitest';
import { feedback } from '../feedback/feedback-store';
import { localeStore } from '../i18n';
import { textTableStore } from '../i18n/text-table';
import { reply, stubHttpClient } from '../test-support/stub-http';
import { performErrorAction } from './error-action';

// A database outage answers 503 "数据库暂不可用，请稍后重试" with the request's id: the console shows
// it like any 5xx, and the notice carries the id so a user can quote it to the operators.
const outage = reply(503, { code: 503, msg: '数据库暂不可用，请稍后重试', data: null }, { 'x-request-id': 'k3Jd9-QxZ2w' });

async function noticeFor(): Promise<{ title: string; message?: string }> {
  const stub = stubHttpClient({ 'GET /api/system/Parking': outage });
  await stub.http.get('/api/system/Parking').catch(() => undefined);
  expect(stub.failures).toHaveLength(1);
  performErrorAction(stub.failures[0].action);
  return feedback.notices[feedback.notices.length - 1];
}

describe('the notice of a failed request', () => {
  afterEach(() => localeStore.setLocale('zh-CN'));

  it('shows the server error with the request id', async () => {
    expect(await noticeFor()).toMatchObject({ title: '服务错误', message: '数据库暂不可用，请稍后重试（请求编号：k3Jd9-QxZ2w）' });
  });

  it('in English too', async () => {
    localeStore.setLocale('en-US');
    textTableStore.offer('en-US', {});
    expect(await noticeFor()).toMatchObject({
      title: 'Server error',
      message: 'The database is unavailable for the moment, please try again shortly (request ID: k3Jd9-QxZ2w)',
    });
  });
});
