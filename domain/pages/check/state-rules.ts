import type { RuleProblem } from './page-rules.ts';

/**
 * Each state machine is the only source of what may be done with a record. A list whose rows answer
 * `actions` (server/entities/row-actions.ts: 退款审核, 月卡, 团体卡, 欠费记录, 优惠券记录,
 * 停车订单, 充电订单) says with each
 * row what may be done with it now; a page reading it shows its buttons by them
 * (`${ARRAYINCLUDES(actions, 'approve') && HAS_PERM(…)}`). A state compared with a number in a
 * `visibleOn`, `hiddenOn` or `disabledOn` under such a list (`status === 0`, `status <= 2`) re-encodes
 * the machine in the page, and is refused.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The conditions a page shows, hides or locks by. */
const CONDITION_KEYS = new Set(['visibleOn', 'hiddenOn', 'disabledOn']);
const STATE = '\\b(?:status|state|\\w+Status|\\w+State)\\b';
const OP = '(?:===|!==|==|!=|<=|>=|<|>)';
const NUMBER = '-?\\d+(?:\\.\\d+)?\\b';
/** `status === 0`, `state >= 2`, `3 > status`: a state as a number. */
export const STATE_LITERAL = new RegExp(`${STATE}\\s*${OP}\\s*${NUMBER}|\\b${NUMBER}\\s*${OP}\\s*${STATE}`);

/** The path of a GET api (`get:/api/x/${id}?a=1`, `{"url": …}`), or undefined for a write. */
function readPath(api: unknown): string | undefined {
  const raw = typeof api === 'string' ? api : isObject(api) && typeof api.url === 'string' ? api.url : undefined;
  if (raw === undefined) return undefined;
  const method = isObject(api) && typeof api.method === 'string' ? api.method : /^([a-z]+):(?!\/\/)/i.exec(raw)?.[1];
  if (method && method.toLowerCase() !== 'get') return undefined;
  return raw
    .replace(/^[a-z]+:(?!\/\/)/i, '')
    .split('?')[0]
    .replace(/\/$/, '');
}

/** The list whose rows (or record, `<list>/${id}`) an api reads, if it is one that answers `actions`. */
export function listWithActions(api: unknown, lists: readonly string[]): string | undefined {
  const path = readPath(api);
  if (!path) return undefined;
  return lists.find((list) => path === list || new RegExp(`^${list.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\$\\{[^}]+\\}$`).test(path));
}

/** Every condition under a list with `actions` that compares a state with a number. */
export function checkStateLiterals(page: unknown, lists: readonly string[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const visit = (node: unknown, path: string, list: string | undefined) => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${path}/${i}`, list));
    if (!isObject(node)) return;
    // a node reading data of its own starts a scope: a list with actions, or another list (a slot's `state`)
    const own = node.api ?? node.initApi;
    const here = own !== undefined && node.type !== 'form' && readPath(own) ? listWithActions(own, lists) : list;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'definitions' && path === '') continue;
      if (here && CONDITION_KEYS.has(key) && typeof value === 'string' && STATE_LITERAL.test(value))
        problems.push({
          path: `${path}/${key}`,
          message: `"${value}" compares a state with a number, but ${here} answers each row's "actions" (its state machine): show it by them, e.g. \${ARRAYINCLUDES(actions, 'approve')}`,
        });
      visit(value, `${path}/${key}`, here);
    }
  };
  visit(page, '', undefined);
  return problems;
}
