import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { registerResource } from '../resource/define.ts';
import { loginLogs, operLogs } from '../entities/logs.ts';

/** /api/system/Log/oper and /api/system/Log/login: search the operation and sign-in logs, export them as CSV. */
export function registerLogRoutes(app: FastifyInstance, db: Db): void {
  registerResource(app, db, operLogs);
  registerResource(app, db, loginLogs);
}
