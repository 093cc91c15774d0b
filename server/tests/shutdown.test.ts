import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loginForm } from './helpers.ts';
import { onPostgres } from './test-database.ts';

// SIGTERM (a deployment, a scale-down) during a request: the request is answered and the process
// exits 0. The server is a real process (server/main.ts), as `npm start` runs it (on PGlite: once
// is enough, `npm run test:pg` skips it).

function startServer(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      DIST_DIR: '.no-dist',
      SEED_ORDER_DAYS: '0',
      CHARGING_HISTORY_DAYS: '0',
      SIM_TRAFFIC: '0',
      SIM_CHARGING: '0',
      HEARTBEAT_MS: '0',
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

describe.skipIf(onPostgres())('SIGTERM', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('lets the request in flight finish, then exits 0', async () => {
    const server = await startServer();
    child = server.child;
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));

    // a slow client: the headers now, the body only after SIGTERM. `Expect: 100-continue` makes the
    // server say it has the request before the signal is sent.
    const body = new URLSearchParams(loginForm('admin', 'admin123')).toString();
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('end', resolve));
    socket.write(
      [
        'POST /api/oauth/Login HTTP/1.1',
        `Host: 127.0.0.1:${server.port}`,
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: keep-alive',
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await expect.poll(() => answer, { timeout: 10_000 }).toContain('100 Continue');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(server.output, { timeout: 10_000 }).toContain('stopping: finishing the requests in flight');
    socket.write(body);

    await ended; // the server closes the kept-alive connection after answering
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4))).toMatchObject({ code: 200, msg: '登录成功' });
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 90_000);
});
