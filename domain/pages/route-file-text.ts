import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { FILE_KEYS, isObject, parseRouteList, type RouteFileProblem, type RouteFileResult } from './route-file';

/**
 * A route file's text (domain/pages/route-file.ts has the format). Apart from route-file.ts because
 * of its JSON parser, which the sign-in page does not need: the console loads this module with
 * the route files, after sign-in.
 */

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/**
 * The first JSON syntax error of a text, with line and column (strict JSON: no comments, no
 * trailing commas). Only the first: the parser's later errors mostly follow from it.
 */
export function jsonSyntaxProblem(text: string): { offset: number; message: string } | undefined {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  return (
    first && { offset: first.offset, message: `malformed JSON at ${lineColumn(text, first.offset)} (${printParseErrorCode(first.error)})` }
  );
}

/** Parse a route file's text. Never throws: a malformed file gives no routes and says why. */
export function parseRouteFile(text: string, source: string): RouteFileResult {
  const syntax = jsonSyntaxProblem(text);
  if (syntax) return { routes: [], problems: [{ path: '', message: syntax.message }] };
  const json = JSON.parse(text) as unknown;
  if (!isObject(json)) return { routes: [], problems: [{ path: '', message: 'a route file must be an object: { "routes": [ … ] }' }] };
  const unknownKeys: RouteFileProblem[] = Object.keys(json)
    .filter((k) => !FILE_KEYS.has(k))
    .map((k) => ({ path: `/${k}`, message: `unknown property "${k}"` }));
  const result = parseRouteList(json.routes, source);
  return { routes: result.routes, problems: [...unknownKeys, ...result.problems] };
}
