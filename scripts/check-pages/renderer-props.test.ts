import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RENDERER_PROPS } from '../../domain/pages/check/amis-renderer-props.ts';
import { generatedText, OUTPUT } from './generate-renderer-props.ts';

describe('the properties amis’s renderers read', () => {
  it('are read from the installed amis: the committed file is what the generator writes now', { timeout: 120_000 }, async () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(await generatedText());
  });

  it('hold what foreign pages use and the schema leaves out', () => {
    expect(RENDERER_PROPS['input-date-range']).toContain('clearable');
    expect(RENDERER_PROPS.crud).toContain('bodyClassName');
    expect(RENDERER_PROPS.crud).toContain('columnsCount');
  });
});
