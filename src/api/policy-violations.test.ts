import { beforeEach, describe, expect, it } from 'vitest';
import { feedback } from '../feedback/feedback-store';
import { blockedOriginOf, blockedRequest, noteViolation } from './policy-violations';

const CONSOLE = 'https://console.example/#/parking/parkingAdmin';
const violation = (blockedURI: string, effectiveDirective = 'connect-src') => ({
  blockedURI,
  effectiveDirective,
  violatedDirective: effectiveDirective,
});

describe('requests the security policy blocks', () => {
  beforeEach(() => feedback.notices.forEach((n) => feedback.dismiss(n.id)));

  it('shows a notice naming the blocked origin and the setting that allows it', () => {
    noteViolation(violation('https://api.site.example/v1/summary?x=1'));
    noteViolation(violation('http://img.site.example:8080/logo.png', 'img-src'));
    expect(feedback.notices.map((n) => [n.title, n.message])).toEqual([
      ['请求被安全策略拦截', expect.stringMatching(/^https:\/\/api\.site\.example 不在.*SITE_API_ORIGINS/)],
      ['请求被安全策略拦截', expect.stringMatching(/^http:\/\/img\.site\.example:8080 不在.*SITE_IMAGE_ORIGINS/)],
    ]);
  });

  it('says an origin once while its notice is up', () => {
    noteViolation(violation('https://twice.example/a'));
    noteViolation(violation('https://twice.example/b'));
    expect(feedback.notices).toHaveLength(1);
  });

  it('leaves alone what no setting of ours allows (a script, an inline style)', () => {
    expect(blockedOriginOf(violation('https://cdn.example/x.js', 'script-src-elem'))).toBeUndefined();
    expect(blockedOriginOf(violation('inline', 'style-src-attr'))).toBeUndefined();
  });

  it('tells a failed request it was blocked when the report arrives just after the failure', async () => {
    const answer = blockedRequest('https://late.example/api/x', CONSOLE, 1000);
    noteViolation(violation('https://late.example/api/x'));
    expect(await answer).toEqual({ origin: 'https://late.example', setting: 'SITE_API_ORIGINS' });
  });

  it('does not hold a failed same-origin request, nor one no report names', async () => {
    expect(await blockedRequest('/api/system/Parking', CONSOLE, 1000)).toBeUndefined();
    expect(await blockedRequest('https://silent.example/api/x', CONSOLE, 10)).toBeUndefined();
  });
});
