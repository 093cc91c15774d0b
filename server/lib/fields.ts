import { badRequest } from './envelope.ts';

/**
 * Input readers shared by the routes. Bodies may be JSON (numbers) or form-encoded (strings),
 * so numbers are accepted as either. `undefined`, `null`, '' and 'null' all mean "not given".
 */
export type Input = Record<string, unknown>;

export function asInput(body: unknown): Input {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Input) : {};
}

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v.trim() === 'null'));
}

/** Optional trimmed string, with a maximum length. */
export function optString(v: unknown, label: string, max: number): string | undefined {
  if (isBlank(v)) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw badRequest(`${label}格式不正确`);
  const s = String(v).trim();
  if (s.length > max) throw badRequest(`${label}不能超过${max}个字符`);
  return s;
}

export function reqString(v: unknown, label: string, max: number): string {
  const s = optString(v, label, max);
  if (s === undefined) throw badRequest(`${label}不能为空`);
  return s;
}

/** Optional integer; `msg` is the whole error message for a non-integer value. */
export function optInt(v: unknown, msg: string): number | undefined {
  if (isBlank(v)) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(msg);
  return n;
}

export function optNumber(v: unknown, msg: string): number | undefined {
  if (isBlank(v)) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw badRequest(msg);
  return n;
}

/** Optional value from a fixed set of integers. */
export function optEnum(v: unknown, allowed: readonly number[], msg: string): number | undefined {
  const n = optInt(v, msg);
  if (n !== undefined && !allowed.includes(n)) throw badRequest(msg);
  return n;
}

export function reqEnum(v: unknown, allowed: readonly number[], label: string, msg: string): number {
  const n = optEnum(v, allowed, msg);
  if (n === undefined) throw badRequest(`${label}不能为空`);
  return n;
}

/** A list of strings from a JSON array, repeated form fields, or a comma-separated string. */
export function stringList(v: unknown, label: string): string[] {
  if (isBlank(v)) return [];
  let arr: unknown = v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        arr = JSON.parse(s);
      } catch {
        throw badRequest(`${label}格式不正确`);
      }
    } else {
      arr = s.split(',');
    }
  }
  if (!Array.isArray(arr) || arr.some((x) => typeof x !== 'string')) throw badRequest(`${label}格式不正确`);
  return [...new Set((arr as string[]).map((x) => x.trim()).filter(Boolean))];
}

export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
