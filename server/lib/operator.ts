import type { FastifyRequest } from 'fastify';

/** Who did it, as audit rows and ledgers name them: "real name（account）", or `fallback` (a job, a channel answering). */
export const operatorOf = (req: FastifyRequest | null | undefined, fallback = ''): string =>
  req?.auth ? `${req.auth.realName}（${req.auth.account}）` : fallback;
