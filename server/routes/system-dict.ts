import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { registerResource } from '../resource/define.ts';
import { dictEntries, dictionaries } from '../entities/dictionaries.ts';

/** Dictionaries (/api/system/Dictionary) and their entries (api/dictDetail, as the spec names it). */
export function registerDictRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, dictEntries);
  registerResource(app, db, dictionaries);
}
