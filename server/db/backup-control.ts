import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dumpPglite } from './backup.ts';
import type { Database } from './database.ts';

/**
 * How `npm run db:backup` reaches a server that has the PGlite folder open (a PGlite folder
 * belongs to one process: a second one opening it would corrupt it). While listening, the server
 * keeps a control file beside the folder, `<folder>.server.json` (owner-only), naming its process,
 * its address and a random token; `POST /__db/backup` with that token answers the dump. The route
 * is outside /api: no session, not in the API description.
 */

export interface BackupControl {
  pid: number;
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

/** Registers the backup route and keeps the control file of `dataDir` while the server listens. */
export function installBackupControl(app: FastifyInstance, db: Database, dataDir: string): void {
  const token = randomBytes(32).toString('hex');
  const file = controlFileOf(dataDir);
  const expected = Buffer.from(token);

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
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
    writeFileSync(file, JSON.stringify({ pid: process.pid, url, token } satisfies BackupControl), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    // only this server's file: never one a later server on the folder wrote
    if (liveControl(dataDir)?.token === token || !liveControl(dataDir)) rmSync(file, { force: true });
  });
}
