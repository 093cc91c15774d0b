/**
 * Route patterns as the route table and route files write them: `/parkingAdmin/add/:id`,
 * `/redirect/*`. A `:name` segment matches one non-empty segment; a final `*` matches the rest.
 * Pure, so the page checker validates patterns with the same rules the console matches them by.
 */

export type RouteParams = Record<string, string | undefined>;

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const LITERAL = /^[A-Za-z0-9_.~-]+$/;

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the pattern has parameters or a splat (else it names exactly one path). */
export function isPattern(pattern: string): boolean {
  return segmentsOf(pattern).some((s) => s === '*' || s.startsWith(':'));
}

/** The parameter names of a pattern, in order (`*` for a splat). */
export function patternParams(pattern: string): string[] {
  return segmentsOf(pattern).flatMap((s) => (s === '*' ? ['*'] : PARAM.test(s) ? [s.slice(1)] : []));
}

/** What is wrong with a pattern, or '' when it is usable. */
export function patternProblem(pattern: string): string {
  if (!pattern.startsWith('/')) return 'must start with "/"';
  if (/\/\/|\?|#/.test(pattern)) return 'must not contain "//", "?" or "#"';
  const parts = segmentsOf(pattern);
  if (!parts.length) return 'must name a path below "/"';
  const seen = new Set<string>();
  for (const [i, part] of parts.entries()) {
    if (part === '*') {
      if (i !== parts.length - 1) return '"*" may only end a pattern';
      continue;
    }
    const param = PARAM.exec(part);
    if (param) {
      if (seen.has(param[1])) return `parameter ":${param[1]}" appears twice`;
      seen.add(param[1]);
      continue;
    }
    if (part.startsWith(':')) return `"${part}" is not a parameter name (letters, digits, "_")`;
    if (!LITERAL.test(part)) return `segment "${part}" may hold only letters, digits and "_.~-"`;
  }
  return '';
}

/** The parameters when `path` matches `pattern`, else undefined. Case-sensitive; a trailing "/" is ignored. */
export function matchPattern(pattern: string, path: string): RouteParams | undefined {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  const params: RouteParams = {};
  for (const [i, seg] of want.entries()) {
    if (seg === '*') {
      params['*'] = have.slice(i).map(decode).join('/');
      return params;
    }
    const got = have[i];
    if (got === undefined) return undefined;
    if (seg.startsWith(':')) params[seg.slice(1)] = decode(got);
    else if (seg !== got) return undefined;
  }
  return have.length === want.length ? params : undefined;
}
