import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time (ms) of a file or of any file under a folder. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Inputs of the console build (scripts/build: its plugins); pages-json is not one (it is served as is). */
export const BUILD_INPUTS = ['src', 'public', 'rsbuild.config.ts', 'scripts/build', 'package-lock.json'];

/** The build is stale when it is missing or older than any of its inputs. */
export function buildIsStale(root: string, distDir = 'dist'): boolean {
  const built = join(root, distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}
