/**
 * Patterns the server still keeps to itself. Inputs are validated by the route schemas
 * (server/resource/validation.ts); field rules shared with the console live in domain/field-rules.ts.
 */

export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
