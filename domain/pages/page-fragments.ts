import { findNodeAtLocation, parseTree, type JSONPath, type ParseError } from 'jsonc-parser';

/**
 * Shared fragments: JSON files under `_fragments/` of a page bundle that pages include with
 * `{"$fragment": "<name>"}` anywhere an object may stand (usually as a `definitions` entry that the
 * page then uses with amis's own `$ref`). The node's other keys override the fragment's, shallowly:
 * `{"$fragment": "lot-select", "label": "停车场"}`. Fragments may include fragments.
 *
 * A fragment is looked up like a page: in each bundle in order (a site's own first), so a site bundle
 * overrides a shared fragment by shipping a file of the same name. The console resolves fragments
 * when it loads a page, before amis sees it; check:pages resolves them the same way from disk.
 * Pure: the caller supplies the files.
 */

export const FRAGMENT_FOLDER = '_fragments';
export const FRAGMENT_KEY = '$fragment';
const FRAGMENT_NAME = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

type Json = Record<string, unknown>;

/** A page or fragment file that parsed to a JSON object. */
export interface SourceFile {
  file: string;
  text: string;
  schema: Json;
}

/** Why a page or one of its fragments cannot be used: the same outcomes the page panel explains. */
export type SourceFailure =
  | { kind: 'malformed'; file: string; line: number; column: number; message: string }
  | { kind: 'unavailable'; file: string; status: number };

export type FragmentFile = ({ kind: 'ok' } & SourceFile) | { kind: 'missing'; tried: string[] } | SourceFailure;

/** The address of a fragment inside a bundle, as a page's urlAddress would be: `_fragments/lot-select`. */
export function fragmentAddress(name: string): string {
  return `${FRAGMENT_FOLDER}/${name}`;
}

/** Line and column (1-based) of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Line and column of the first JSON syntax error; browsers' JSON.parse messages do not all carry it. */
export function locateJsonError(text: string): { line: number; column: number } {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return lineColumn(text, errors.length ? errors[0].offset : text.length);
}

/** Parse a page or fragment file; its top level must be an object. */
export function parseSource(file: string, text: string, what = '页面文件'): ({ kind: 'ok' } & SourceFile) | SourceFailure {
  try {
    const schema = JSON.parse(text) as unknown;
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
      return { kind: 'malformed', file, line: 1, column: 1, message: `${what}的顶层必须是一个 JSON 对象` };
    }
    return { kind: 'ok', file, text, schema: schema as Json };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', file, ...locateJsonError(text), message };
  }
}

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** The fragment names a schema refers to (well-formed names only; the others fail on resolution). */
export function fragmentRefs(value: unknown, into = new Set<string>()): string[] {
  if (Array.isArray(value)) value.forEach((v) => fragmentRefs(v, into));
  else if (isObject(value)) {
    const name = value[FRAGMENT_KEY];
    if (typeof name === 'string' && FRAGMENT_NAME.test(name)) into.add(name);
    Object.values(value).forEach((v) => fragmentRefs(v, into));
  }
  return [...into];
}

function position(text: string, path: JSONPath): { line: number; column: number } {
  const node = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, path);
  return lineColumn(text, node?.offset ?? 0);
}

/** Replace every `$fragment` node of a file by the fragment, its own keys winning; the first failure stops it. */
export function resolveFragments(
  source: SourceFile,
  lookup: (name: string) => FragmentFile,
  including: string[] = [],
): { kind: 'ok'; schema: Json } | SourceFailure {
  // the first failure, kept in an object: closures assign it
  const state: { failure: SourceFailure | null } = { failure: null };
  const fail = (path: JSONPath, message: string) => {
    state.failure ??= { kind: 'malformed', file: source.file, ...position(source.text, path), message };
  };

  const walk = (value: unknown, path: JSONPath): unknown => {
    if (state.failure) return value;
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]));
    if (!isObject(value)) return value;
    const own: Json = {};
    for (const [key, v] of Object.entries(value)) if (key !== FRAGMENT_KEY) own[key] = walk(v, [...path, key]);
    if (!(FRAGMENT_KEY in value)) return own;

    const name = value[FRAGMENT_KEY];
    const at = [...path, FRAGMENT_KEY];
    if (typeof name !== 'string' || !FRAGMENT_NAME.test(name)) {
      fail(at, `"${FRAGMENT_KEY}" 应是片段名称，即 ${FRAGMENT_FOLDER}/ 下的文件名（不含 .json），如 "lot-select"`);
      return own;
    }
    if (including.includes(name)) {
      fail(at, `片段循环引用：${[...including, name].join(' → ')}`);
      return own;
    }
    const found = lookup(name);
    if (found.kind === 'missing') {
      fail(at, `片段 "${name}" 不存在。已查找：\n${found.tried.join('\n')}`);
      return own;
    }
    if (found.kind !== 'ok') {
      state.failure ??= found;
      return own;
    }
    const inner = resolveFragments(found, lookup, [...including, name]);
    if (inner.kind !== 'ok') {
      state.failure ??= inner;
      return own;
    }
    return { ...inner.schema, ...own };
  };

  const schema = walk(source.schema, []) as Json;
  return state.failure ?? { kind: 'ok', schema };
}
