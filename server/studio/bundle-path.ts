import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * A page's address (`coupon/merchant`) as a file inside the site bundle, or the reason it is not one.
 * The studio writes files on a user's word, so the address is held to what a menu's urlAddress is:
 * segments of letters, digits, `_` and `-`, none reserved (a leading `_` is the bundle's own files),
 * no `..`, no absolute path, no backslash and no percent-encoding (an encoded `../` must not be
 * decoded by some later layer into an escape). The resolved file is checked to lie inside the folder.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export type BundlePath = { ok: true; urlAddress: string; file: string } | { ok: false; reason: string };

export function bundleFile(bundleDir: string, urlAddress: unknown): BundlePath {
  if (typeof urlAddress !== 'string' || !urlAddress) return { ok: false, reason: '页面地址不能为空' };
  if (/[%\\\0]/.test(urlAddress) || isAbsolute(urlAddress) || urlAddress.startsWith('/'))
    return { ok: false, reason: '页面地址只能是站点页面目录内的相对路径' };
  const address = urlAddress.replace(/\.json$/, '');
  const segments = address.split('/');
  if (segments.length > 6 || !segments.every((s) => SEGMENT.test(s)))
    return { ok: false, reason: '页面地址只能由字母、数字、下划线和连字符组成，以 / 分隔，不能含 .. 或以 _ 开头' };
  const root = resolve(bundleDir);
  const file = join(root, `${address}.json`);
  const inside = relative(root, file);
  if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep)[0] === '..')
    return { ok: false, reason: '页面地址只能是站点页面目录内的相对路径' };
  return { ok: true, urlAddress: address, file };
}
