import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** MD5 hex of a plain password: what the browser sends instead of the password itself. */
export function md5Hex(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

/** Hash an MD5-hex password for storage: `scrypt$<salt hex>$<hash hex>`. */
export function hashPassword(md5: string): string {
  const salt = randomBytes(16).toString('hex');
  const hash = scryptSync(md5.toLowerCase(), salt, 32).toString('hex');
  return `scrypt$${salt}$${hash}`;
}

export function verifyPassword(md5: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(md5.toLowerCase(), salt, expected.length);
  return timingSafeEqual(actual, expected);
}
