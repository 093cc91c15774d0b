import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, readConfig } from '../config.ts';
import { BACKUP_ROUTE, type BackupControl, TOKEN_HEADER, controlFileOf, liveControl } from './backup-control.ts';
import { backupFileName, dumpPglite, restorePglite } from './backup.ts';
import { isFreshFolder, openDatabase } from './database.ts';

/**
 * `npm run db:backup [FILE]` and `npm run db:restore FILE`: the embedded database of DATA_DIR
 * (README, "Backups"). A backup asks the running server when there is one (it has the folder
 * open; db/backup-control.ts), else opens the folder itself. A restore needs the server stopped.
 */

class UsageError extends Error {}

const summary = (counts: Record<string, number>): string =>
  `${Object.keys(counts).length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`;

function embeddedDataDir(action: string): string {
  const config = readConfig();
  if (config.databaseUrl) throw new UsageError(`DATABASE_URL is set: ${action} PostgreSQL with pg_dump / pg_restore (README, "Backups")`);
  if (config.dataDir === 'memory') throw new UsageError('DATA_DIR=memory keeps nothing to back up');
  return config.dataDir;
}

/** Writes the backup of DATA_DIR's database to `out` (default backups/console-<China time>.tar.gz); answers its path. */
export async function backup(
  dataDir: string,
  out = join('backups', backupFileName()),
): Promise<{ file: string; bytes: number; from: string }> {
  const file = resolve(out);
  let dump: Buffer;
  let from: string;
  const control = liveControl(dataDir);
  if (control && !control.url)
    throw new UsageError(`the server using ${dataDir} (process ${control.pid}) is opening or closing it: try again in a moment`);
  if (control) {
    // the server has the folder open: it takes the backup
    const ask = (c: BackupControl) =>
      fetch(`${c.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { [TOKEN_HEADER]: c.token } }).catch((e: unknown) => {
        throw new UsageError(
          `the server using ${dataDir} (process ${c.pid}) did not answer at ${c.url} (${String(e)}); if no server runs, remove ${controlFileOf(dataDir)}`,
        );
      });
    let res = await ask(control);
    // each dump renews the token: another backup may have used this one just now
    const renewed = res.status === 403 ? liveControl(dataDir) : undefined;
    if (renewed?.url && renewed.token !== control.token) res = await ask(renewed);
    if (!res.ok) throw new UsageError(`the server using ${dataDir} refused the backup (HTTP ${res.status})`);
    dump = Buffer.from(await res.arrayBuffer());
    from = `the running server (process ${control.pid})`;
  } else {
    if (isFreshFolder(dataDir)) throw new UsageError(`no database in ${resolve(dataDir)}`);
    const db = await openDatabase({ dataDir, firstStartDone: true });
    try {
      dump = await dumpPglite(db);
    } finally {
      await db.close();
    }
    from = resolve(dataDir);
  }
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, dump);
  renameSync(tmp, file);
  return { file, bytes: dump.length, from };
}

/** Restores `file` into DATA_DIR; refused while a server has the folder open. */
export async function restore(dataDir: string, file: string): Promise<Awaited<ReturnType<typeof restorePglite>>> {
  const control = liveControl(dataDir);
  if (control) throw new UsageError(`a server (process ${control.pid}) has ${resolve(dataDir)} open: stop it first, then restore`);
  if (!existsSync(file)) throw new UsageError(`no file ${file}`);
  const done = await restorePglite(file, dataDir);
  // the dump of a running server's folder holds its control file: no server has the restored folder open
  rmSync(controlFileOf(dataDir), { force: true });
  return done;
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if (command === 'backup') {
    const dataDir = embeddedDataDir('back up');
    const done = await backup(dataDir, file);
    console.log(`Backup of ${done.from} written to ${done.file} (${(done.bytes / 1e6).toFixed(1)} MB)`);
  } else if (command === 'restore') {
    if (!file) throw new UsageError('npm run db:restore FILE');
    const dataDir = embeddedDataDir('restore');
    const done = await restore(dataDir, file);
    console.log(`Restored ${file} into ${resolve(dataDir)}: ${summary(done.counts)}`);
    if (done.previous) console.log(`The folder that was there is kept as ${done.previous}`);
  } else throw new UsageError('usage: backup-cli.ts backup [FILE] | restore FILE');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    console.error(e instanceof UsageError || e instanceof ConfigError ? e.message : e);
    process.exit(1);
  });
}
