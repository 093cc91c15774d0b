import { ruleBodyFields } from './rule-schema.ts';
import type { FeeRuleBody } from './types.ts';

/** The body fields of a rule record (the rest are its name, type, state and note). */
export const BODY_KEYS = Object.keys(ruleBodyFields) as (keyof FeeRuleBody)[];

/** The rule body held in a record's values, in a fixed key order. */
export function bodyOf(values: Record<string, unknown>): FeeRuleBody {
  return Object.fromEntries(BODY_KEYS.filter((k) => values[k] !== undefined).map((k) => [k, values[k]])) as unknown as FeeRuleBody;
}

/** JSON with object keys sorted, so two bodies compare equal whatever order their keys came in (jsonb reorders them). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}
