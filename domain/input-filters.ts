/** What typed text inputs keep (spec §5 input helpers). Pure, like the field rules beside it. */

/** Money input: digits and up to 2 decimals. */
export function keepMoney(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const [whole, ...rest] = cleaned.split('.');
  if (!rest.length) return whole;
  return `${whole}.${rest.join('').slice(0, 2)}`;
}

/** Integer input: digits only. */
export function keepInteger(input: string): string {
  return input.replace(/\D/g, '');
}

export function stripWhitespace(input: string): string {
  return input.replace(/\s+/g, '');
}
