import { randomBytes } from 'node:crypto';

/** A payment's number at the provider (out_trade_no): random, never a sequence (docs/public-api.md). */
export const newTradeNo = (): string => `PP${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;
