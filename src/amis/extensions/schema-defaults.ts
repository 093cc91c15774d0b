import { addSchemaFilter } from 'amis';
import type { Schema } from 'amis';

/**
 * Console-wide defaults for page schemas. A crud does not mirror its filters and page into the
 * URL unless a page asks for it (`"syncLocation": true`): visited-page tabs already keep them,
 * and the mirroring reloads the list once more right after it opens, closing a dialog opened
 * in that instant.
 */
export function crudDefaults(schema: Schema): Schema {
  if (schema && schema.type === 'crud' && schema.syncLocation === undefined) return { ...schema, syncLocation: false };
  return schema;
}

export function registerSchemaDefaults() {
  addSchemaFilter((schema) => crudDefaults(schema as Schema));
}
