import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries of eslint.config.js, tried on seeded files: the direction is enforced, not only written down. */

const eslint = new ESLint();
const restricted = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);

describe('import boundaries', () => {
  it('refuses server → src and scripts → src', async () => {
    expect(
      await restricted('server/lib/seeded.ts', "import { getToken } from '../../src/utils/auth-cookie';\nexport const x = getToken;\n"),
    ).toHaveLength(1);
    expect(await restricted('scripts/seeded.ts', "import { t } from '../src/i18n';\nexport const x = t;\n")).toHaveLength(1);
  });

  it('refuses src → server', async () => {
    expect(
      await restricted('src/utils/seeded.ts', "import { MENU_TREE } from '../../server/seed/menu-tree';\nexport const x = MENU_TREE;\n"),
    ).toHaveLength(1);
  });

  it('refuses domain → src, server or scripts, and lets everyone use domain', async () => {
    expect(await restricted('domain/seeded.ts', "import { t } from '../src/i18n';\nexport const x = t;\n")).toHaveLength(1);
    expect(await restricted('domain/seeded.ts', "import { f } from '../server/resource/fields';\nexport const x = f;\n")).toHaveLength(1);
    expect(await restricted('server/lib/seeded.ts', "import { yuan } from '../../domain/money.ts';\nexport const x = yuan;\n")).toEqual([]);
    expect(await restricted('src/utils/seeded.ts', "import { yuan } from '../../domain/money';\nexport const x = yuan;\n")).toEqual([]);
  });
});
