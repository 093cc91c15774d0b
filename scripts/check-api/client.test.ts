import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { type OpenAPI3, astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { serverOpenApi } from './openapi-document.ts';

/**
 * The contract a site's back end is built against: a typed client generated from the API
 * description by openapi-typescript compiles, and code written against it is checked by it.
 */

const dir = mkdtempSync(join(tmpdir(), 'api-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Compiles `files` (name → text) in `dir` with strict settings; answers the diagnostics as text. */
function compile(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((n) => join(dir, n)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

const USE = `
import type { operations, paths } from './api';

type Lot = paths['/api/system/Parking/{id}']['get'];
// a path parameter is typed, and the answer is the { code, msg, data } envelope
export const params: Lot['parameters']['path'] = { id: 'p-ns-kjy-01' };
export function codeOf(answer: Lot['responses']['200']['content']['application/json']): number {
  return answer.code;
}
// every operation has its stable name
export type SignIn = operations['postOauthLogin'];
`;

describe('a typed client generated from the API description', () => {
  it('compiles, and checks the code that uses it', async () => {
    const api = astToString(await openapiTS((await serverOpenApi()) as unknown as OpenAPI3));
    // beside the right use, a wrong path parameter: the one error, so the types say something
    const wrong = USE.replace("{ id: 'p-ns-kjy-01' }", '{ lotId: 1 }');
    const problems = compile({ 'api.ts': api, 'use.ts': USE, 'wrong.ts': wrong });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/wrong\.ts: .*lotId/);
  }, 60_000);
});
