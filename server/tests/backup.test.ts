import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../db/backup-cli.ts';
import { BACKUP_ROUTE, TOKEN_HEADER, claimFolder, controlFileOf, liveControl } from '../db/backup-control.ts';
import { tableCounts } from '../db/backup.ts';
import { type Database, isFreshFolder, openDatabase } from '../db/database.ts';
import { buildTestApp } from './helpers.ts';
import { onPostgres } from './test-database.ts';

/**
 * `npm run db:backup` / `db:restore` on the embedded database: a backup taken from the running
 * server (which has the folder open) restores into a fresh folder with every row.
 */

const tmp = mkdtempSync(join(tmpdir(), 'backup-test-'));
/** the DATA_DIR the running server says it has open (its data is the test's in-memory copy) */
const served = join(tmp, 'served');
let app: FastifyInstance;
let db: Database;
/** a process id no process has any more */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid;

describe.skipIf(onPostgres())('backups of the embedded database', () => {
  beforeAll(async () => {
    const built = await buildTestApp();
    app = built.app;
    db = built.db as Database;
    const claim = claimFolder(served);
    // claimed, not answering yet (the server still opening the folder): a backup waits, a restore is refused
    await expect(backup(served, join(tmp, 'too-early.tar.gz'))).rejects.toThrow(/is opening or closing it: try again/);
    await expect(restore(served, join(tmp, 'too-early.tar.gz'))).rejects.toThrow(/stop it first/);
    claim.install(app, db);
    app.addHook('onClose', async () => claim.release());
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a backup taken while writes go on holds whole transactions, and the restored copy opens', async () => {
    const before = (await tableCounts(db)).login_log;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        await db.transaction(async (tx) => {
          for (let i = 0; i < 2; i++) await tx.query(`insert into login_log (account, success) values ('backup-pair', true)`);
        });
        // an in-memory PGlite answers in microtasks: let the server's sockets have their turn
        await new Promise(setImmediate);
      }
    })();
    const done = await backup(served, join(tmp, 'during-writes.tar.gz'));
    writing = false;
    await writes;
    expect(done.from).toMatch(/running server/);
    // the restore opens the copy and counts its rows: two per transaction, never one
    const { counts } = await restore(join(tmp, 'during-writes'), done.file);
    expect((counts.login_log - before) % 2).toBe(0);
    expect(counts.login_log).toBeGreaterThan(before);
  });

  it('restores into a fresh folder with every row of every table; the server keeps serving', async () => {
    expect(statSync(controlFileOf(served)).mode & 0o777).toBe(0o600);
    const before = liveControl(served)!;
    const done = await backup(served, join(tmp, 'quiet.tar.gz'));
    // each dump renews the token (a served folder's dump holds the control file): the one read before fetches nothing
    const after = liveControl(served)!;
    expect(after.token).not.toBe(before.token);
    const reused = await fetch(`${after.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { [TOKEN_HEADER]: before.token } });
    expect(reused.status).toBe(403);
    const live = await tableCounts(db);
    expect(Object.keys(live).length).toBeGreaterThan(30);
    expect(live.parking_space).toBeGreaterThan(1000);
    const fresh = join(tmp, 'fresh');
    expect(existsSync(fresh)).toBe(false);
    await restore(fresh, done.file);
    const copy = await openDatabase({ dataDir: fresh, firstStartDone: true });
    expect(await tableCounts(copy)).toEqual(live);
    await copy.close();
    expect((await app.inject('/api/docs/openapi.json')).statusCode).toBe(200);
  });

  it('a restore is refused while a server has the folder open, and a damaged file changes nothing', async () => {
    await expect(restore(served, join(tmp, 'quiet.tar.gz'))).rejects.toThrow(/stop it first/);
    const target = join(tmp, 'fresh');
    const before = readdirSync(target);
    writeFileSync(join(tmp, 'damaged.tar.gz'), 'not a backup');
    await expect(restore(target, join(tmp, 'damaged.tar.gz'))).rejects.toThrow(/is not a backup.*nothing was changed/);
    expect(readdirSync(target)).toEqual(before);
  });

  it('a server does not open a folder another live server has claimed', () => {
    const busy = join(tmp, 'busy');
    mkdirSync(busy);
    // the parent process stands in for another server: alive, and not this one
    writeFileSync(controlFileOf(busy), JSON.stringify({ pid: process.ppid, url: 'http://127.0.0.1:1', token: 'x' }));
    expect(() => claimFolder(busy)).toThrow(new RegExp(`is open in server process ${process.ppid}: stop it first`));
    rmSync(controlFileOf(busy));
  });

  it('keeps its control file inside DATA_DIR and removes it when it stops, or when its process exits', () => {
    const dir = join(tmp, 'claimed');
    // what an older version left beside the folder goes at the next start
    writeFileSync(`${dir}.server.json`, JSON.stringify({ pid: deadPid(), url: '', token: 'x' }));
    const claim = claimFolder(dir);
    expect(controlFileOf(dir)).toBe(join(dir, '.server.json'));
    expect(readdirSync(dir)).toEqual(['.server.json']);
    expect(existsSync(`${dir}.server.json`)).toBe(false);
    // the file is written before the database opens: a first start still finds the folder new
    expect(isFreshFolder(dir)).toBe(true);
    claim.release();
    expect(readdirSync(dir)).toEqual([]);
    // a start that fails after the claim (the port taken, say) exits without closing anything
    const failed = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./server/db/backup-control.ts').then((m) => { m.claimFolder(${JSON.stringify(dir)}); process.exit(1); })`,
      ],
      { encoding: 'utf8' },
    );
    expect(failed.status, failed.stderr).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('without a server, the command opens the folder itself; a restore over a folder keeps the old one aside', async () => {
    const target = join(tmp, 'fresh');
    // the control file a killed server left in the folder: the backup carries it, the restore drops it
    writeFileSync(controlFileOf(target), JSON.stringify({ pid: deadPid(), url: 'http://127.0.0.1:1', token: 'x' }));
    const done = await backup(target, join(tmp, 'offline.tar.gz'));
    expect(done.from).toBe(target);
    const again = await restore(target, done.file);
    expect(again.previous).toMatch(/fresh\.before-restore-\d{8}-\d{6}$/);
    expect(existsSync(join(again.previous!, 'PG_VERSION'))).toBe(true);
    expect(again.counts).toEqual(await tableCounts(db));
    expect(existsSync(controlFileOf(target))).toBe(false);
  });
});
