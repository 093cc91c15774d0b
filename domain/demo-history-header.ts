/** The reference server names the demo history's progress in this header of every answer while a first start still writes it (`37/91`). */
export const DEMO_HISTORY_HEADER = 'x-demo-history';
