import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../../lib/envelope.ts';
import { type Rule, waitText } from './limit-policy.ts';

const isLoopback = (ip: string): boolean => ip === '::1' || /^(::ffff:)?127\./.test(ip);

/** The client's address as the limits count it (an IPv6 client by its /64). */
export const addressOf = (req: FastifyRequest): string => normalizeIP(req.ip ?? '');

interface Outcome {
  exceeded: boolean;
  /** seconds until the window ends */
  retryAfter: number;
  max: number;
}

/** One counted limit: `name` + what it counts by (the client's address or an account). */
export class Limit {
  private readonly check: ReturnType<FastifyInstance['createRateLimit']>;

  constructor(
    app: FastifyInstance,
    readonly name: string,
    rule: () => Rule,
    private readonly subject: (req: FastifyRequest) => string,
    /** the refusal's first words; the time to wait follows */
    private readonly message: string,
    loopbackFactor?: () => number,
  ) {
    this.check = app.createRateLimit({
      keyGenerator: (req) => this.key(req),
      max: (req) => (loopbackFactor && isLoopback(req.ip ?? '') ? Math.round(rule().max * loopbackFactor()) : rule().max),
      timeWindow: () => rule().windowMs,
    });
  }

  key(req: FastifyRequest): string {
    return `${this.name}:${this.subject(req)}`;
  }

  private async run(req: FastifyRequest, increment: boolean): Promise<Outcome> {
    const r = await this.check(req, { increment });
    if (r.isAllowed) return { exceeded: false, retryAfter: 0, max: Infinity };
    return { exceeded: increment ? r.isExceeded : r.remaining === 0, retryAfter: Math.max(1, r.ttlInSeconds), max: r.max };
  }

  /** Counts the request; over the limit it answers the refusal (code 429, the wait in msg, data.retryAfter and Retry-After). */
  async hit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const o = await this.run(req, true);
    if (o.exceeded) throw tooMany(reply, this.message, o.retryAfter, o.max);
  }

  /** Counts without refusing (failures that later decide something). */
  async count(req: FastifyRequest): Promise<void> {
    await this.run(req, true);
  }

  /** Whether the count has reached the limit, without counting. */
  async reached(req: FastifyRequest): Promise<boolean> {
    return (await this.run(req, false)).exceeded;
  }

  /** A refusal before the request was read: for onRequest. */
  get hook(): onRequestAsyncHookHandler {
    return async (req, reply) => this.hit(req, reply);
  }
}

function tooMany(reply: FastifyReply, message: string, retryAfter: number, max: number): ApiError {
  reply
    .header('retry-after', retryAfter)
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', 0)
    .header('x-ratelimit-reset', retryAfter);
  return new ApiError(429, `${message}，请${waitText(retryAfter)}后再试`, { retryAfter });
}
