import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dumpPglite } from './backup.ts';
import type { Database } from './database.ts';

/**
 * How `npm run db:backup` reaches a server that has the PGlite folder open (a PGlite folder
 * belongs to one process: a second one opening it would corrupt it). From before it opens the
 * folder until after it closed it, the server keeps a control file beside the folder,
 * `<folder>.server.json` (owner-only), naming its process, its address once it listens, and a
 * random token; `POST /__db/backup` with that token answers the dump. The route is outside /api:
 * no session, not in the API description.
 */

export interface BackupControl {
  pid: number;
  /** empty while the server opens or closes the folder */
  url: string;
  token: string;
}

export const controlFileOf = (dataDir: string): string => `${resolve(dataDir)}.server.json`;

export const BACKUP_ROUTE = '/__db/backup';
export const TOKEN_HEADER = 'x-backup-token';

/** The control file of a server that has `dataDir` open, or undefined when none runs. */
export function liveControl(dataDir: string): BackupControl | undefined {
  let control: BackupControl;
  try {
    control = JSON.parse(readFileSync(controlFileOf(dataDir), 'utf8')) as BackupControl;
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
  const other = liveControl(dataDir);
  // two processes on one PGlite folder would corrupt it
  if (other && other.pid !== process.pid)
    throw new Error(
      `${resolve(dataDir)} is open in server process ${other.pid}: stop it first (or remove ${controlFileOf(dataDir)} if no server runs)`,
    );
  const token = randomBytes(32).toString('hex');
  const file = controlFileOf(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  const expected = Buffer.from(token);
  const write = (url: string) =>
    writeFileSync(file, JSON.stringify({ pid: process.pid, url, token } satisfies BackupControl), { mode: 0o600 });
  write('');
  return {
    install(app, db) {
      app.post(BACKUP_ROUTE, async (req, reply) => {
        const given = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(403).send('Forbidden');
        const dump = await dumpPglite(db);
        return reply.type('application/gzip').send(dump);
      });
      app.addHook('onListen', async () => {
        const addr = app.server.address();
        if (!addr || typeof addr === 'string') return;
        // a server on every address is reached on the loopback one
        const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.address;
        write(`http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`);
      });
    },
    release() {
      // only this server's file: never one a later server on the folder wrote
      if (liveControl(dataDir)?.token === token || !liveControl(dataDir)) rmSync(file, { force: true });
    },
  };
}
