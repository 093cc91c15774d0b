import type * as amis from 'amis';

/**
 * The amis functions the extensions register with. index.ts hands them amis's own; a test hands
 * them functions of its own and reads what was registered, without mocking the amis module.
 */
export type AmisRegistry = Pick<typeof amis, 'addRule' | 'addSchemaFilter' | 'registerFilter' | 'registerFunction'>;
