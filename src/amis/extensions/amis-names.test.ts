import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerFunctions } from './functions';
import { registerFilters } from './filters';
import { UserStore } from '../../stores/user-store';

/**
 * A page copied from amis's docs must mean what it means there: the console's formula functions
 * and filters are added beside amis's, never over them (a TIMESTAMP(…, 'x') gives what amis gives).
 */

const require = createRequire(import.meta.url);
const amisCoreLib = dirname(require.resolve('amis-core'));
// CommonJS both: the filters amis-core adds land in the amis-formula instance it requires
const { Evaluator, getFilters } = require('amis-formula') as typeof import('amis-formula');

/** amis's built-in formula functions: the evaluator's own, and those amis-core registers on load. */
function amisFunctionNames(): Set<string> {
  const names = new Set(
    Object.getOwnPropertyNames(Evaluator.prototype)
      .filter((n) => /^fn[A-Z]/.test(n))
      .map((n) => n.slice(2)),
  );
  for (const file of readdirSync(amisCoreLib, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')))
    for (const m of readFileSync(join(amisCoreLib, file), 'utf8').matchAll(/registerFunction\(['"]([A-Z_0-9]+)['"]/g)) names.add(m[1]);
  return names;
}

/** amis's built-in filters: amis-formula's, and those amis-core adds when its filter module loads. */
function amisFilterNames(): Set<string> {
  require(join(amisCoreLib, 'utils/filter.js'));
  return new Set(Object.keys(getFilters()));
}

function registered(register: (add: (name: string) => void) => void): string[] {
  const names: string[] = [];
  register((name) => names.push(name));
  return names;
}

describe('the console’s names beside amis’s', () => {
  it('no formula function of ours has the name of one of amis’s', () => {
    const builtIn = amisFunctionNames();
    expect(builtIn).toContain('TIMESTAMP');
    expect(builtIn).toContain('GETRENDERERDATA');
    const ours = registered((add) => registerFunctions({ registerFunction: (name) => add(name) }, new UserStore()));
    expect(ours).toContain('CHINA_TIME');
    expect(ours.filter((name) => builtIn.has(name))).toEqual([]);
  });

  it('no filter of ours has the name of one of amis’s', () => {
    const builtIn = amisFilterNames();
    expect(builtIn).toContain('duration');
    expect(builtIn).toContain('date');
    const ours = registered((add) => registerFilters({ registerFilter: (name) => add(name) }));
    expect(ours).toContain('elapsed');
    expect(ours.filter((name) => builtIn.has(name))).toEqual([]);
  });
});
