/** Money is integer cents end to end; yuan are only for people to read. */

/** 150 → '1.50' (the API answers cents; messages, exports and fee lines show yuan). */
export const yuan = (cents: number): string => (cents / 100).toFixed(2);

/** Cents as a number of yuan, for spreadsheet cells that add up. */
export const yuanNumber = (cents: unknown): number => Number(cents ?? 0) / 100;
