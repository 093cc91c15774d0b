import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dumpPglite } from './backup.ts';
import type { Database } from './database.ts';

/**
 * How `npm run db:backup` reaches a server that has the PGlite folder open (a PGlite folder
 * belongs to one process: a second one opening it would corrupt it). From before it opens the
 * folder until after it closed it (or its process exits), the server keeps a control file in the
 * folder, `<folder>/.server.json` (owner-only), naming its process, its address once it listens,
 * and a random token; `POST /__db/backup` with that token answers the dump. The route is outside
 * /api: no session, not in the API description. Being in the folder, the file is in every dump:
 * the token is renewed after each one, a restore removes the copy (backup-cli.ts), and a folder
 * holding only this file is still new to a first start (database.ts isFreshFolder).
 */

export interface BackupControl {
  pid: number;
  /** empty while the server opens or closes the folder */
  url: string;
  token: string;
}

/** the control file's name in the folder */
export const CONTROL_FILE = '.server.json';
export const controlFileOf = (dataDir: string): string => join(resolve(dataDir), CONTROL_FILE);
/** where versions before it moved into the folder kept it, beside the folder */
const besideFileOf = (dataDir: string): string => `${resolve(dataDir)}.server.json`;

export const BACKUP_ROUTE = '/__db/backup';
export const TOKEN_HEADER = 'x-backup-token';

/** The control file of a server that has `dataDir` open, or undefined when none runs. */
export const liveControl = (dataDir: string): BackupControl | undefined => liveIn(controlFileOf(dataDir));

function liveIn(file: string): BackupControl | undefined {
  let control: BackupControl;
  try {
    control = JSON.parse(readFileSync(file, 'utf8')) as BackupControl;
  } catch {
    return undefined;
  }
  try {
    process.kill(control.pid, 0);
    return control;
  } catch (e) {
    // EPERM: the process exists, under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? control : undefined;
  }
}

/**
 * The server's claim on `dataDir`, written before it opens the folder and removed after it closed
 * it: `url` is empty until it listens (a backup then is asked to wait, a restore refused) and names
 * where to ask for the dump once it does.
 */
export interface FolderClaim {
  /** the backup route, and the address in the control file once the server listens */
  install(app: FastifyInstance, db: Database): void;
  /** after the database closed: the folder is free */
  release(): void;
}

export function claimFolder(dataDir: string): FolderClaim {
  const file = controlFileOf(dataDir);
  // two processes on one PGlite folder would corrupt it
  for (const at of [file, besideFileOf(dataDir)]) {
    const other = liveIn(at);
    if (other && other.pid !== process.pid)
      throw new Error(`${resolve(dataDir)} is open in server process ${other.pid}: stop it first (or remove ${at} if no server runs)`);
  }
  // an older version's file, beside the folder, that its server left behind
  rmSync(besideFileOf(dataDir), { force: true });
  mkdirSync(resolve(dataDir), { recursive: true });
  let url = '';
  let token = '';
  const write = () => writeFileSync(file, JSON.stringify({ pid: process.pid, url, token } satisfies BackupControl), { mode: 0o600 });
  // a new token after each dump: the dump holds the folder's files, this one too, and the token in
  // a backup must not fetch the next one
  const renew = () => {
    token = randomBytes(32).toString('hex');
    write();
  };
  renew();
  const release = (): void => {
    process.off('exit', release);
    // only this server's file: never one a later server on the folder wrote
    const live = liveControl(dataDir);
    if (!live || live.token === token) rmSync(file, { force: true });
  };
  // a start that fails after the claim, or a stop cut short by its deadline, exits without closing
  process.on('exit', release);
  return {
    install(app, db) {
      app.post(BACKUP_ROUTE, async (req, reply) => {
        const given = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
        const expected = Buffer.from(token);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(403).send('Forbidden');
        const dump = await dumpPglite(db);
        renew();
        return reply.type('application/gzip').send(dump);
      });
      app.addHook('onListen', async () => {
        const addr = app.server.address();
        if (!addr || typeof addr === 'string') return;
        // a server on every address is reached on the loopback one
        const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.address;
        url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
        write();
      });
    },
    release,
  };
}
