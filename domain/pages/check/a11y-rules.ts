import type { RuleProblem } from './page-rules.ts';

/**
 * What a page author must give for a screen reader (docs/pages.md, Accessibility), checked on the page
 * as amis gets it:
 *
 * - a button that shows only an icon has a `tooltip` (the console makes it the button's name) or a
 *   `label`;
 * - a form field has a `label`, or a `placeholder` where a filter has no room for one (the console
 *   makes either its name).
 */

type Json = Record<string, unknown>;

const BUTTONS = new Set(['button', 'action', 'submit', 'reset', 'link-button']);
/** containers of fields: their own fields are checked, they need no name of their own */
const GROUPS = new Set(['input-group', 'input-table', 'input-sub-form', 'combo', 'input-kvs', 'input-array']);
const FIELDS = new Set([
  'textarea',
  'select',
  'checkbox',
  'checkboxes',
  'radios',
  'switch',
  'tree-select',
  'nested-select',
  'chained-select',
  'list-select',
  'button-group-select',
  'transfer',
  'picker',
  'location-picker',
]);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

function tooltipText(tooltip: unknown): boolean {
  return hasText(tooltip) || (isObject(tooltip) && (hasText(tooltip.content) || hasText(tooltip.title)));
}

function isField(type: string): boolean {
  return !GROUPS.has(type) && (type.startsWith('input-') || FIELDS.has(type));
}

export function checkAccessibility(page: unknown): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${path}/${i}`));
    if (!isObject(node)) return;
    const type = typeof node.type === 'string' ? node.type : '';
    if (
      (BUTTONS.has(type) || (node.actionType !== undefined && !type)) &&
      hasText(node.icon) &&
      !hasText(node.label) &&
      !tooltipText(node.tooltip)
    )
      problems.push({ path, message: 'a button with only an icon needs a name: give it a "tooltip" (read as its name) or a "label"' });
    const placeholder = hasText(node.placeholder) || hasText(node.startPlaceholder);
    // a definition gets its label where it is used (`$ref`)
    if (isField(type) && node.name !== undefined && !hasText(node.label) && !placeholder && !path.startsWith('/definitions/'))
      problems.push({
        path,
        message: `a form field needs a name: give "${String(node.name)}" a "label", or a "placeholder" in a filter without labels`,
      });
    for (const [key, value] of Object.entries(node)) visit(value, `${path}/${key}`);
  };
  visit(page, '');
  return problems;
}
