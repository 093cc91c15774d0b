import md5 from 'blueimp-md5';

/** The platform's convention: passwords travel as the MD5 hex of what was typed. */
export function hashPassword(plain: string): string {
  return md5(plain);
}
