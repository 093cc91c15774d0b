import type { Schema } from 'amis';
import type { AmisRegistry } from './registry';
import { applyVocabulary } from '../../../domain/pages/vocabulary';
import { vocabularyText } from '../../i18n/vocabulary-text';
import { chinaTimeChart } from '../chart-time';
import { typedNumberRules } from './typed-numbers';
import { lookupNames } from './lookup-names';

const applied = new WeakMap<object, Schema>();

/**
 * The console's defaults and shorthand for every node amis renders (domain/pages/vocabulary.ts): list
 * paging names, page sizes, empty text, filter layout and `syncLocation: false` on a crud, `dict` and
 * `lots` on option controls; China time on a chart's time axes (src/amis/chart-time.ts: formatter
 * functions, so not in the JSON vocabulary check:pages sees); the rule of a money or whole-number input
 * (typed-numbers.ts); a lookup's name for its failures (lookup-names.ts). amis calls this on each
 * render: the same node gives the same object, so renderers that compare props see no change.
 */
export function schemaDefaults(schema: Schema): Schema {
  if (!schema || typeof schema !== 'object') return schema;
  const hit = applied.get(schema);
  if (hit) return hit;
  // texts the vocabulary adds (查询, 重置, 暂无数据) in the page's language, like the page's own
  const node = lookupNames(typedNumberRules(applyVocabulary(schema as Record<string, unknown>)));
  const out = chinaTimeChart(vocabularyText(node)) as Schema;
  applied.set(schema, out);
  return out;
}

export function registerSchemaDefaults({ addSchemaFilter }: Pick<AmisRegistry, 'addSchemaFilter'>) {
  addSchemaFilter((schema) => schemaDefaults(schema as Schema));
}
