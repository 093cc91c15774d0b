/** Code sets of a parking lot (the lot's dictionaries in the seed carry their labels). */

/** The fee rule named for one plate colour (codes of spec §3; 5 stands for blue). */
export interface FeeRule {
  plateColor: number;
  ruleName: string;
}

export const PLATE_COLOR_CODES = [1, 2, 3, 4, 5] as const;
export const PARKING_TYPES = [0, 1, 4] as const;
export const ROAD_TYPES = [1, 2] as const;
export const PARKING_KINDS = [1, 2, 3] as const;
export const PRICE_TYPES = [1, 2, 3] as const;
