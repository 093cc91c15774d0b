import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseTree, type ParseError } from 'jsonc-parser';
import { validatePageSchema } from './amis-schema.ts';
import { checkApis, checkPermissions, type RouteRef } from './page-rules.ts';

export interface Problem {
  file: string;
  path: string;
  message: string;
}

export interface CheckInput {
  /** bundle folders, in resolution order */
  bundles: string[];
  routes: RouteRef[];
  permissionCodes: Set<string>;
  /** urlAddress of every page-type menu entry in the seed */
  menuPages: string[];
  root?: string;
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return listJson(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

export function checkFile(file: string, input: CheckInput, shown = file): Problem[] {
  const text = readFileSync(file, 'utf8');
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length) return [{ file: shown, path: '', message: `malformed JSON at ${lineCol(text, errors[0].offset)}` }];
  const page = JSON.parse(text) as unknown;
  return [...validatePageSchema(page), ...checkApis(page, input.routes), ...checkPermissions(page, input.permissionCodes)].map((p) => ({ file: shown, ...p }));
}

/** Validate every page file of every bundle, and that every seeded menu page has a file. */
export function checkPages(input: CheckInput): { files: number; problems: Problem[] } {
  const root = input.root ?? process.cwd();
  const problems: Problem[] = [];
  let files = 0;
  for (const bundle of input.bundles) {
    for (const file of listJson(bundle)) {
      files++;
      problems.push(...checkFile(file, input, relative(root, file)));
    }
  }
  for (const urlAddress of input.menuPages) {
    const found = input.bundles.some((bundle) => existsSync(join(bundle, `${urlAddress}.json`)));
    if (!found) problems.push({ file: relative(root, join(input.bundles.at(-1) ?? '.', `${urlAddress}.json`)), path: '', message: `menu entry urlAddress "${urlAddress}" has no page file in any bundle` });
  }
  return { files, problems };
}
