/** The demo operator's 9-digit organisation code: a connector id is it + the 14-digit pile no. + the 3-digit gun no. */
export const OPERATOR_CODE = 'MA5DA0053';

export const connectorIdOf = (pileNo: string, gunNo: number): string => `${OPERATOR_CODE}${pileNo}${String(gunNo).padStart(3, '0')}`;
