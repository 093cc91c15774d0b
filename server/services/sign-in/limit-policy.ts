/**
 * The numbers of the sign-in guard: rate limits on sign-in, captcha images and SMS codes, per client
 * address and per account, when the captcha is asked, and account locks (server/README.md).
 */

const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** At most `max` in `windowMs` (a fixed window that starts with the first hit). */
export interface Rule {
  max: number;
  windowMs: number;
}

export interface SignInLimits {
  /** sign-in attempts from one client address that do not succeed (a successful one is given back) */
  loginPerAddress: Rule;
  /** sign-in attempts on one account that do not succeed, from any address */
  loginPerAccount: Rule;
  /** captcha images per client address */
  captchaPerAddress: Rule;
  /** SMS codes requested from one client address */
  smsPerAddress: Rule;
  /** SMS codes sent for one account (the sign-in page's resend countdown is 60 s) */
  smsPerAccount: Rule;
  /** failed sign-ins from one address, on any accounts, after which its sign-ins need the captcha */
  captchaAfterAddressFailures: Rule;
  /** consecutive failures of one account after which its sign-ins need the captcha */
  captchaAfterFailures: number;
  /** consecutive failures of one account that lock it (again after each further so many) … */
  lockAfterFailures: number;
  /** … for this long; an administrator can unlock it sooner in 用户管理 */
  lockMs: number;
  /**
   * an address an account signed in from successfully stays known for so many days: from it the
   * owner is not held back by the lock or the per-account limit that strangers' failures cause
   */
  knownAddressDays: number;
  /** an account's failures are forgotten after this long without a new one */
  forgetFailuresMs: number;
  /**
   * Per-address limits of clients on the loopback address (127.0.0.0/8, ::1) are this many times
   * higher: 1 in production; the test suites, whose every request comes from 127.0.0.1, raise it.
   */
  loopbackFactor: number;
}

/** The production numbers (server/README.md, "Sign-in limits"). */
export const SIGN_IN_LIMITS: SignInLimits = {
  loginPerAddress: { max: 20, windowMs: 10 * MINUTE },
  loginPerAccount: { max: 10, windowMs: 10 * MINUTE },
  captchaPerAddress: { max: 20, windowMs: MINUTE },
  smsPerAddress: { max: 10, windowMs: 60 * MINUTE },
  smsPerAccount: { max: 1, windowMs: MINUTE },
  captchaAfterAddressFailures: { max: 5, windowMs: 15 * MINUTE },
  captchaAfterFailures: 3,
  lockAfterFailures: 10,
  lockMs: 15 * MINUTE,
  knownAddressDays: 90,
  forgetFailuresMs: 24 * 60 * MINUTE,
  loopbackFactor: 1,
};

/** "45秒", "15分钟", "3分20秒" */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m}分${s % 60}秒` : `${m}分钟`;
}
