import { randomBytes } from 'node:crypto';

/** Short random text id with an optional readable prefix, e.g. `p-3f9a1c2b7d4e`. */
export function newId(prefix = ''): string {
  const id = randomBytes(6).toString('hex');
  return prefix ? `${prefix}-${id}` : id;
}

export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');
