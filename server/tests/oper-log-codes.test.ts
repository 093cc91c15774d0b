import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPER_MODULE } from '../../domain/oper-log-codes.ts';
import { DICTS } from '../seed/system-dicts.ts';

/** Every source file of the server but its tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'tests' ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const SERVER = join(__dirname, '..');
const code = sources(SERVER).map((file) => readFileSync(file, 'utf8'));
/** `module: 'x'` of a resource or of a writeOperLog call */
const written = new Set(code.flatMap((text) => [...text.matchAll(/\bmodule: '(\w+)'/g)].map((m) => m[1])));

describe('operation log codes', () => {
  it("the log screen's module filter lists every module the server writes, and no other", () => {
    expect(written.size).toBeGreaterThan(10);
    expect([...written].sort()).toEqual(Object.keys(OPER_MODULE).sort());
    // the screen reads the seeded dictionary
    expect(DICTS.find(([n]) => n === 'oper_module')?.[2].map(([value]) => value)).toEqual(Object.keys(OPER_MODULE));
  });
});
