import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder on a free port, that the test may
 * stop and start (the shared cluster of `npm run test:pg` must stay up for the other files).
 * Uses Debian's binaries in /usr/lib/postgresql/<version>/bin; PostgreSQL refuses to run as root,
 * so as root it runs as the `postgres` user (as .ci/run does).
 */

const run = promisify(execFile);

/** the newest PostgreSQL's bin folder with initdb and pg_ctl, or null */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((v) => join(root, v, 'bin')).find((b) => existsSync(join(b, 'initdb')) && existsSync(join(b, 'pg_ctl')));
  return bin ?? null;
}

const asRoot = process.getuid?.() === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ThrowawayPostgres {
  /** a superuser URL of its `postgres` database */
  url: string;
  /** a fast shutdown (`pg_ctl stop -m fast`): connections are ended, as in a restart or failover */
  stop(): Promise<void>;
  /** starts again; resolves once it accepts connections */
  start(): Promise<void>;
  /** stops it and deletes its folder */
  remove(): Promise<void>;
}

export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-throwaway-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const port = await freePort();
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // durability as in production (fsync stays on): a stopped server loses nothing it committed
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async () => void (await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']));
  const stop = async () => void (await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: async () => {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
