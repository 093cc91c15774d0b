import { FRAGMENT_FOLDER, resolveFragments, type FragmentFile, type SourceFile } from '../page-fragments.ts';
import { applyVocabularyDeep, DICT_TYPES, isLotKind } from '../vocabulary.ts';

/**
 * A page as the console renders it, for checking: its fragments brought in from the bundles (as the
 * page loader does), amis's `$ref`s replaced by their `definitions` (as amis does for each node it
 * renders), then the console's vocabulary applied (as the schema defaults do). What amis's schema
 * and the project's rules then check is what amis gets. Pure: the caller looks fragments up.
 */

type Json = Record<string, unknown>;

export interface PreparedProblem {
  /** another file than the page's (a fragment), as the fragment lookup named it */
  file?: string;
  path: string;
  message: string;
}

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** `{"$ref": "name", …}` → `{…definitions.name, …}` wherever it stands; a definition that refers to itself stops there. */
export function inlineRefs(page: Json): { page: Json; problems: PreparedProblem[] } {
  const definitions = isObject(page.definitions) ? page.definitions : {};
  const problems: PreparedProblem[] = [];
  const walk = (value: unknown, path: string, using: string[]): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}/${i}`, using));
    if (!isObject(value)) return value;
    let node = value;
    let inner = using;
    if (typeof value.$ref === 'string') {
      const name = value.$ref;
      const definition = definitions[name];
      if (!isObject(definition)) problems.push({ path: `${path}/$ref`, message: `no definition "${name}" in the page's definitions` });
      else {
        // a dialog lays out a form body, and a crud reads its parts, before amis resolves $ref
        if (value.type === undefined && definition.type !== undefined) {
          problems.push({ path: `${path}/$ref`, message: `write "type": ${JSON.stringify(definition.type)} beside "$ref": "${name}"` });
        }
        if (using.includes(name)) node = { type: definition.type, ...value };
        else {
          node = { ...definition, ...value };
          inner = [...using, name];
        }
      }
      const { $ref: _ref, ...rest } = node;
      node = rest;
    }
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === 'definitions' && path === '' ? v : walk(v, `${path}/${k}`, inner)]),
    );
  };
  return { page: walk(page, '', []) as Json, problems };
}

/** Vocabulary keys with values the console cannot use. */
export function vocabularyProblems(value: unknown, path = ''): PreparedProblem[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => vocabularyProblems(v, `${path}/${i}`));
  if (!isObject(value)) return [];
  const problems: PreparedProblem[] = [];
  if ('lots' in value && value.type === 'select' && !isLotKind(value.lots)) {
    problems.push({ path: `${path}/lots`, message: `"lots" is one of "all", "space", "lane", "charge"` });
  }
  if ('dict' in value && DICT_TYPES.has(String(value.type)) && typeof value.dict !== 'string') {
    problems.push({ path: `${path}/dict`, message: `"dict" names a dictionary, e.g. "road_type"` });
  }
  return [
    ...problems,
    ...Object.entries(value).flatMap(([k, v]) => (k === 'definitions' && path === '' ? [] : vocabularyProblems(v, `${path}/${k}`))),
  ];
}

/** The page to check, or null with the reasons when its fragments cannot be brought in. */
export function preparePage(
  source: SourceFile,
  lookup: (name: string) => FragmentFile,
): { page: Json | null; problems: PreparedProblem[] } {
  const resolved = resolveFragments(source, lookup);
  if (resolved.kind !== 'ok') {
    const where =
      resolved.kind === 'malformed'
        ? `line ${resolved.line}, column ${resolved.column}: ${resolved.message}`
        : `unavailable (${resolved.status})`;
    const file = resolved.file === source.file ? undefined : resolved.file;
    return { page: null, problems: [{ ...(file ? { file } : {}), path: '', message: `${FRAGMENT_FOLDER}: ${where}` }] };
  }
  const { page, problems } = inlineRefs(resolved.schema);
  return { page: applyVocabularyDeep(page) as Json, problems: [...problems, ...vocabularyProblems(page)] };
}
