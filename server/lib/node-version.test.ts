import { describe, expect, it } from 'vitest';
import { oldNodeWarning } from './node-version.ts';

describe('the start on an older Node', () => {
  it('says in one line that Node 20 (or older) may run the console but is not supported', () => {
    const line = oldNodeWarning('v20.19.5');
    expect(line).toBe('Node v20.19.5 is older than 22, the supported versions (22 or 24); the console may still run, but is not supported');
    expect(line).not.toContain('\n');
    expect(oldNodeWarning('v18.20.8')).toMatch(/^Node v18\.20\.8 is older than 22/);
  });

  it('says nothing on the supported lines or newer', () => {
    for (const v of ['v22.0.0', 'v22.12.1', 'v24.4.0', 'v25.1.0']) expect(oldNodeWarning(v)).toBeNull();
  });
});
