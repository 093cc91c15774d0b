/**
 * A `date` column as the driver gives it (a Date at local midnight, or text) → YYYY-MM-DD, without
 * a time-zone shift (calendar days); null for none.
 */
export const dateColumn = (d: unknown): string | null =>
  d instanceof Date
    ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    : typeof d === 'string'
      ? d.slice(0, 10)
      : null;
