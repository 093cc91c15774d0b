import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { PageBundle } from './static.ts';

/**
 * Development only (`npm run dev`): `GET /__pages-events` streams the names of page files as
 * they are saved, so the console reloads the open screen.
 */
export function registerPageEvents(app: FastifyInstance, bundles: PageBundle[]): void {
  const clients = new Set<(file: string) => void>();
  const watchers: FSWatcher[] = [];
  for (const bundle of bundles) {
    if (!existsSync(bundle.dir)) continue;
    watchers.push(
      watch(bundle.dir, { recursive: true }, (_event, name) => {
        if (!name || !String(name).endsWith('.json')) return;
        const urlAddress = String(name)
          .replace(/\\/g, '/')
          .replace(/\.json$/, '');
        for (const send of clients) send(urlAddress);
      }),
    );
  }
  app.addHook('onClose', async () => watchers.forEach((w) => w.close()));

  app.get('/__pages-events', { config: { access: 'public' } }, (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    reply.raw.write(': watching page bundles\n\n');
    const send = (urlAddress: string) => reply.raw.write(`data: ${JSON.stringify({ urlAddress })}\n\n`);
    clients.add(send);
    req.raw.on('close', () => clients.delete(send));
  });
}
