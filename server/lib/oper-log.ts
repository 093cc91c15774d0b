import type { Db } from '../db/database.ts';
import type { FastifyRequest } from 'fastify';

import type { OperAction, OperModule } from '../../domain/oper-log-codes.ts';

export type { OperAction, OperModule };

/**
 * Writes one oper_log row for the caller of `req` (or the given user, for sign-in; a user of no id
 * for a caller that is no user, such as a pay provider's notify; `req` null when no request brought it).
 */
export async function writeOperLog(
  db: Db,
  req: FastifyRequest | null,
  entry: { action: OperAction; module: OperModule; recordId?: string; detail?: string; user?: { id: string | null; account: string } },
): Promise<void> {
  const user = entry.user ?? (req?.auth ? { id: req.auth.userId, account: req.auth.account } : null);
  await db.query(
    `insert into oper_log (user_id, account, action, module, record_id, detail, ip)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [user?.id ?? null, user?.account ?? '', entry.action, entry.module, entry.recordId ?? '', entry.detail ?? '', req?.ip ?? ''],
  );
}
