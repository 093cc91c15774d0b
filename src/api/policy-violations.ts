import { kindOfDirective, SITE_ORIGIN_SETTINGS } from '../../domain/site-origins';
import { feedback } from '../feedback/feedback-store';
import { t, tf } from '../i18n';

/**
 * Requests and images the security policy blocks (server/lib/security-headers.ts): another origin
 * than the console's, not allowed by SITE_API_ORIGINS / SITE_IMAGE_ORIGINS. The browser reports each
 * as a `securitypolicyviolation` event; the console says which origin and which setting in a notice,
 * and a page's failed request says the same instead of amis's generic 接口请求失败 (fetcher.ts).
 */

export interface BlockedOrigin {
  origin: string;
  /** the server setting that would allow it */
  setting: string;
}

type Violation = Pick<SecurityPolicyViolationEvent, 'blockedURI' | 'effectiveDirective' | 'violatedDirective'>;

const NOTICE_MS = 15_000;
/** How long a request that got no answer waits for its violation: the browser may report it just after. */
const REPORT_WAIT_MS = 300;

const blocked = new Map<string, BlockedOrigin>();
const waiting = new Map<string, ((b: BlockedOrigin) => void)[]>();

/** The origin a violation blocked, when it is a request or an image on another http(s) origin. */
export function blockedOriginOf(e: Violation): BlockedOrigin | undefined {
  const kind = kindOfDirective(e.effectiveDirective || e.violatedDirective || '');
  if (!kind) return undefined;
  let origin: string;
  try {
    origin = new URL(e.blockedURI).origin;
  } catch {
    return undefined;
  }
  return /^https?:/.test(origin) ? { origin, setting: SITE_ORIGIN_SETTINGS[kind].setting } : undefined;
}

/** The words for a blocked origin: which origin, which setting. */
export function blockedText(b: BlockedOrigin): string {
  return tf('policy.blocked', { origin: b.origin, setting: b.setting });
}

/** Notes a violation and shows its notice (once while it is up). */
export function noteViolation(e: Violation): void {
  const b = blockedOriginOf(e);
  if (!b) return;
  blocked.set(b.origin, b);
  waiting.get(b.origin)?.forEach((resolve) => resolve(b));
  waiting.delete(b.origin);
  const message = blockedText(b);
  if (!feedback.notices.some((n) => n.message === message)) feedback.notify('error', t('policy.blockedTitle'), message, NOTICE_MS);
}

/**
 * Whether a request that got no answer was blocked by the policy: its origin's violation, noted
 * already or reported within a moment. Same-origin requests never are.
 */
export function blockedRequest(url: string, base = globalThis.location?.href, waitMs = REPORT_WAIT_MS): Promise<BlockedOrigin | undefined> {
  let origin: string;
  try {
    origin = new URL(url, base).origin;
  } catch {
    return Promise.resolve(undefined);
  }
  if (base && origin === new URL(base).origin) return Promise.resolve(undefined);
  const known = blocked.get(origin);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const done = (b?: BlockedOrigin) => {
      clearTimeout(timer);
      waiting.set(
        origin,
        (waiting.get(origin) ?? []).filter((r) => r !== done),
      );
      resolve(b);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    waiting.set(origin, [...(waiting.get(origin) ?? []), done]);
  });
}

/** Listens for the browser's reports from now on (main.tsx, at start). */
export function watchPolicyViolations(target: Pick<Document, 'addEventListener'> = document): void {
  target.addEventListener('securitypolicyviolation', (e) => noteViolation(e));
}
