import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A page's text as the repository's formatter writes it (`.prettierrc.json`: JSON at 120 columns),
 * so a saved file passes `prettier --check` and diffs cleanly against pages-json/. Prettier is asked
 * when installed (it is a dev dependency; `npm ci` installs it); else plain two-space JSON.
 */
export async function formatPage(value: unknown): Promise<string> {
  const plain = `${JSON.stringify(value, null, 2)}\n`;
  try {
    const prettier = await import('prettier');
    return await prettier.format(plain, { parser: 'json', printWidth: 120, endOfLine: 'lf' });
  } catch {
    return plain;
  }
}

const TEMP = /^\..+\.studio-[0-9a-f]{12}\.tmp$/;

/**
 * Writes a page file whole or not at all: a temporary file beside it, flushed, then renamed over
 * it (a rename within one folder is atomic), so a reader or a crash sees the old text or the new,
 * never half of one. `beforeRename` is the tests' seam for a crash between the two steps.
 */
export function writePageFile(file: string, text: string, beforeRename?: () => void): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.${basename(file)}.studio-${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'w', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  beforeRename?.();
  renameSync(temp, file);
}

export function readPageFile(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Temporary files a crashed save left behind (never served: the static host skips dot files). */
export function removeStaleTemps(dir: string): number {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && TEMP.test(entry.name)) {
      rmSync(join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  }
  return removed;
}
