import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The JSON files of a page bundle by address (`parking/parkingAdmin`, `_routes`), read when the
 * runtime configuration is asked for: the console asks only for files that exist, so a bundle
 * without `_routes.json`, or a page the start guesses from a path, costs no 404.
 */
export function bundleFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // a bundle folder that is missing serves nothing
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.json')) out.push(`${prefix}${entry.name.slice(0, -'.json'.length)}`);
    }
  };
  walk(dir, '');
  return out.sort();
}
