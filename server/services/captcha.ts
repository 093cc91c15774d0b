import type { Db } from '../db/database.ts';
import svgCaptcha from 'svg-captcha';
import { randomHex } from '../lib/ids.ts';

/** Image captchas (5 minutes, single use, case-insensitive) and SMS codes (5 minutes). */

export const CAPTCHA_TTL_SECONDS = 300;
export const SMS_TTL_SECONDS = 300;

export async function createCaptcha(db: Db): Promise<{ timestamp: string; image: string }> {
  const captcha = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, width: 120, height: 40 });
  const key = randomHex(16);
  await db.query('delete from captchas where expires_at < now()');
  await db.query(`insert into captchas (key, text, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
    key,
    captcha.text,
    CAPTCHA_TTL_SECONDS,
  ]);
  return { timestamp: key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** True when `code` matches the captcha stored under `key`; the captcha is used up either way. */
export async function checkCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  const { rows } = await db.query<{ text: string }>('delete from captchas where key = $1 and expires_at > now() returning text', [key]);
  const text = rows[0]?.text;
  return !!text && text.toLowerCase() === code.trim().toLowerCase();
}

export async function createSmsCode(db: Db, account: string): Promise<string> {
  const code = String(Math.floor(100000 + Math.random() * 900000));
  await db.query(
    `insert into sms_codes (account, code, expires_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (account) do update set code = excluded.code, expires_at = excluded.expires_at`,
    [account, code, SMS_TTL_SECONDS],
  );
  return code;
}

/** Checks and consumes the account's SMS code. */
export async function checkSmsCode(db: Db, account: string, code: string): Promise<boolean> {
  const { rows } = await db.query<{ code: string }>('select code from sms_codes where account = $1 and expires_at > now()', [account]);
  if (!rows[0] || rows[0].code !== code.trim()) return false;
  await db.query('delete from sms_codes where account = $1', [account]);
  return true;
}

export async function getConfig(db: Db, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('select value from sys_config where key = $1', [key]);
  return rows[0]?.value;
}
