import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { controlFileOf } from '../db/backup-control.ts';
import { restorePglite } from '../db/backup.ts';
import { loginForm } from './helpers.ts';
import { onPostgres } from './test-database.ts';

// A container stop: SIGTERM to the whole process group of `npm start` while requests are in
// flight. Every request is answered, the stop is logged, the process exits 0 and DATA_DIR keeps no
// control file (db/backup-control.ts). The process is started as package.json's `start` line
// starts it, on a PGlite folder (on PGlite: once is enough, `npm run test:pg` skips it).

const IN_FLIGHT = 12;
const root = process.cwd();
const tmp = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
const dataDir = join(tmp, 'data');

/** A build newer than its sources: `npm start` serves it instead of building (scripts/build-freshness.ts). */
function freshBuild(): string {
  const dist = join(tmp, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  const later = new Date(Date.now() + 86_400_000);
  utimesSync(join(dist, 'index.html'), later, later);
  // start.ts joins DIST_DIR to the working directory
  return relative(root, dist);
}

function startLikeNpmStart(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = pkg.scripts.start.split(/\s+/);
  const child = spawn(command, args, {
    // its own process group, as a container's main process has: the signal goes to all of it
    detached: true,
    env: {
      ...process.env,
      // npm puts the project's binaries first on the path of a script
      PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: freshBuild(),
      SIM_TRAFFIC: '0',
      SIM_CHARGING: '0',
      HEARTBEAT_MS: '0',
      REFUND_SIM_MS: '0',
      LOOPBACK_LIMIT_FACTOR: '100',
      LOG: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Console ready at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) resolve({ child, port: Number(m[1]), output: () => out });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

/** A slow client's sign-in: the headers now, the body when `send` is called; `answer` is all the server said. */
function slowSignIn(port: number): { continued: () => boolean; send: () => void; answer: Promise<string> } {
  const body = new URLSearchParams(loginForm('admin', 'admin123')).toString();
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  // a reset (the server killed) ends the answer where it stopped
  socket.on('error', () => {});
  // `Expect: 100-continue` makes the server say it has the request before the signal is sent
  socket.write(
    [
      'POST /api/oauth/Login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: keep-alive',
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  return {
    continued: () => answer.includes('100 Continue'),
    send: () => socket.write(body),
    answer: new Promise((resolve) => socket.on('close', () => resolve(answer))),
  };
}

describe.skipIf(onPostgres())('SIGTERM to npm start', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers every request in flight, logs the stop, exits 0 and leaves DATA_DIR without its control file', async () => {
    // an existing database (the tests' template): no first start to wait for
    await restorePglite(inject('templateDb').dumpFile!, dataDir);
    const server = await startLikeNpmStart();
    child = server.child;
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    // the control file is inside DATA_DIR while the server runs, none beside it
    expect(existsSync(controlFileOf(dataDir))).toBe(true);
    expect(existsSync(`${dataDir}.server.json`)).toBe(false);

    const clients = Array.from({ length: IN_FLIGHT }, () => slowSignIn(server.port));
    await expect.poll(() => clients.filter((c) => c.continued()).length, { timeout: 10_000 }).toBe(IN_FLIGHT);

    // half the sign-ins are being worked on when the signal comes (the server busy checking
    // passwords), the other half send their body only once the stop has begun
    const busy = clients.slice(0, IN_FLIGHT / 2);
    const late = clients.slice(IN_FLIGHT / 2);
    for (const c of busy) c.send();
    const signalled = Date.now();
    process.kill(-server.child.pid!, 'SIGTERM');
    await expect.poll(server.output, { timeout: 10_000 }).toContain('stopping: finishing the requests in flight');
    for (const c of late) c.send();

    const answers = await Promise.all(clients.map((c) => c.answer));
    for (const answer of answers) {
      expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
      expect(JSON.parse(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4))).toMatchObject({ code: 200, msg: '登录成功' });
    }
    // an answer given while stopping closes its kept-alive connection
    for (const answer of answers.slice(IN_FLIGHT / 2)) expect(answer.toLowerCase()).toContain('connection: close');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(existsSync(controlFileOf(dataDir))).toBe(false);
  }, 90_000);
});
