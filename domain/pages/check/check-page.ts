import type { SiteOrigins } from '../../site-origins.ts';
import type { FragmentFile, SourceFile } from '../page-fragments.ts';
import { validatePageSchema, type AmisSchemaValidator } from './amis-schema.ts';
import { checkAccessibility } from './a11y-rules.ts';
import { checkForms } from './form-rules.ts';
import { checkDataAsHtml } from './html-rules.ts';
import { checkPageOrigins } from './origin-rules.ts';
import { checkApis, checkPermissions, type RouteRef } from './page-rules.ts';
import { preparePage } from './prepare-page.ts';
import { checkRowDialogs } from './row-dialog-rules.ts';
import { checkStateLiterals } from './state-rules.ts';

/** One problem of a page: where (a JSON pointer into the page as written) and what. */
export interface Problem {
  /** JSON pointer inside the page ('' for the whole page) */
  path: string;
  message: string;
  /** set when the problem lies in another file than the page (a fragment), as the fragment lookup named it */
  file?: string;
}

/** What a page may use and how to judge it; everything comes in as data, so a browser can run the check too. */
export interface PageCheckContext {
  /** amis's schema compiled (compileAmisSchema, or the CLI's cached copy) */
  schema: AmisSchemaValidator;
  /** the server's routes, plus the bundle's declared APIs (`_check.json`) */
  routes: RouteRef[];
  /** button codes of the menu, plus the bundle's declared ones */
  permissionCodes: ReadonlySet<string> | readonly string[];
  /** the server's lists whose rows answer `actions` (server/entities/row-actions.ts) */
  listsWithActions?: readonly string[];
  /** other origins the page's bundle declares (`_check.json` origins); without it, other origins are not judged */
  origins?: SiteOrigins;
  /** a shared fragment by name; without it a page that includes one is told the fragment is missing */
  fragment?: (name: string) => FragmentFile;
  /** the page's name and text as stored, for positions in fragment errors */
  file?: string;
  text?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/**
 * Every problem of one page, judged as amis gets it (fragments brought in, `$ref`s inlined, the
 * console's vocabulary applied; prepare-page.ts): amis's schema, APIs against the server's routes,
 * forms against the routes' bodies, permission codes, data into HTML, accessibility, row dialogs
 * state literals and other origins. The same rules `npm run check:pages` applies to every file of a bundle.
 */
export function checkPageDocument(json: unknown, context: PageCheckContext): Problem[] {
  if (!isObject(json)) return [{ path: '', message: 'a page file is one JSON object' }];
  const file = context.file ?? 'page.json';
  const source: SourceFile = { file, text: context.text ?? JSON.stringify(json, null, 2), schema: json };
  const lookup = context.fragment ?? ((): FragmentFile => ({ kind: 'missing', tried: [] }));
  const prepared = preparePage(source, lookup);
  if (!prepared.page) return prepared.problems;
  const page = prepared.page;
  const codes = new Set(context.permissionCodes);
  return [
    ...prepared.problems,
    ...validatePageSchema(page, context.schema),
    ...checkApis(page, context.routes),
    ...checkForms(page, context.routes),
    ...checkPermissions(page, codes),
    ...checkDataAsHtml(page),
    ...checkAccessibility(page),
    ...checkRowDialogs(page),
    ...checkStateLiterals(page, context.listsWithActions ?? []),
    ...(context.origins ? checkPageOrigins(page, context.origins) : []),
  ];
}
