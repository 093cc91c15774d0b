import { spawn, type ChildProcess } from 'node:child_process';

// `npm run dev`: the reference API on DEV_API_PORT (unless API_TARGET names another one),
// and rsbuild's dev server with hot reload proxying /api to it.
const apiPort = process.env.DEV_API_PORT ?? '8081';
const children: ChildProcess[] = [];
if (!process.env.API_TARGET) {
  children.push(
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      stdio: 'inherit',
      // short log lines for a person (npm start writes JSON lines)
      env: { LOG: 'pretty', ...process.env, PORT: apiPort, HOST: '127.0.0.1', DIST_DIR: '.no-dist', PAGES_WATCH: '1' },
    }),
  );
}
children.push(
  spawn('npx', ['rsbuild', 'dev', '--port', process.env.PORT ?? '8080'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_API_PORT: apiPort },
  }),
);
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
