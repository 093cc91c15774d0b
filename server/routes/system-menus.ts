import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { ok } from '../lib/envelope.ts';
import { registerResource } from '../resource/define.ts';
import { menus, parentOptions } from '../entities/menus.ts';

/** /api/system/Menu: menu management (a role's grants are in system-roles.ts). */
export function registerMenuRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // parent options for the menu form
  app.get(`${menus.spec.path}/Selector`, { config: { access: { menus: ['menu'] } } }, async () => ok({ list: await parentOptions(db) }));
  registerResource(fastify, db, menus);
}
