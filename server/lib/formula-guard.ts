/**
 * Text a spreadsheet could take for a formula: `=`, `+`, `-`, `@`, a tab or a carriage return at the
 * start (OWASP's "CSV injection" list). A lot named `=HYPERLINK(...)` must reach the operator's
 * spreadsheet as the words it is, never as a link or a command. Only text is guarded: a negative
 * amount is a number and stays one.
 */
export const looksLikeFormula = (v: unknown): v is string => typeof v === 'string' && /^[=+\-@\t\r]/.test(v);
