/**
 * The one place where check:pages corrects amis's schema.json (6.13) to what amis really renders.
 * The schema is generated from amis's TypeScript types and lags the renderers; every rule below
 * closes a gap found by running the examples of amis's own docs
 * (fixtures/amis-docs/, docs-examples.test.ts), and each says which kind of gap it is:
 *
 * 1. Required properties amis fills in. The generator marks every non-optional TS member as
 *    required (`crossOrigin` on an avatar, `title` on a table2 column, `draggableConfig` on a
 *    container); amis defaults them. Only what decides what a node is stays required.
 * 2. `null` where amis means "none" (`"headerToolbar": null`, `"value": null`): any property may be
 *    null.
 * 3. Values its themes support that the types leave out (button levels, sizes).
 * 4. Shorthand forms amis expands: toolbar items given by name (`"reload"`); a dialog or drawer
 *    without `"type"` is filled in before the check (legacy-compat.ts), as amis does.
 * 5. Properties its renderers read that the types leave out (labelField, requiredOn, a form item's
 *    label on a static display in a form, …).
 *
 * Legacy 1.x forms (`controls`, `"type": "text"` in a form) are not schema gaps: amis rewrites them
 * before it renders (its compat layer), and so does check:pages (legacy-compat.ts) before it checks.
 * A property none of these name, such as a misspelt `titel`, is still an unknown property.
 */

type Json = Record<string, unknown>;

/**
 * Properties the schema marks required that amis defaults (each found missing in amis's own docs
 * examples, which render). What decides what a node is (`type`, `actionType`, a crud's `columns`)
 * stays required.
 */
const DEFAULTED = new Set([
  'title',
  'label',
  'crossOrigin',
  'draggableConfig',
  'indentSize',
  'wrapperComponent',
  'iconPosition',
  'overflowConfig',
  'titlePosition',
  'excavate',
  'expandedRowKeys',
  'expandedRowKeysExpr',
  'copy',
  'checkOnItemClick',
  'fields',
]);

/** Button levels and sizes the cxd and antd themes style, beyond the ones the types list. */
const THEME_VALUES: Record<string, string[]> = {
  level: ['primary', 'secondary', 'info', 'success', 'warning', 'danger', 'light', 'dark', 'link', 'default', 'enhance'],
  size: ['xs', 'sm', 'md', 'lg', 'xl', 'full', 'base', 'none'],
};

/** Properties renderers read that their definitions do not list, by the property that marks such a definition. */
const READ_BY_RENDERERS: { when: string; add: Record<string, unknown> }[] = [
  // option controls (select, radios, checkboxes, tree…): which fields of an option to show and keep
  {
    when: 'options',
    add: {
      labelField: { type: 'string' },
      valueField: { type: 'string' },
      searchable: { type: 'boolean' },
      deferField: { type: 'string' },
      // a tree's size before it draws a virtual list (amis-ui Tree; the vocabulary sets it, vocabulary-a11y.ts)
      virtualThreshold: { type: 'number' },
    },
  },
  // every form item: a required condition as an expression
  { when: 'required', add: { requiredOn: { type: 'string' } } },
  // combo (and its array form): its rows hand each change on at once (Combo.tsx; the vocabulary sets it)
  { when: 'multiLine', add: { changeImmediately: { type: 'boolean' } } },
];

function walk(node: unknown, visit: (obj: Json) => void) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object') {
    visit(node as Json);
    for (const value of Object.values(node as Json)) walk(value, visit);
  }
}

/** Gap 1: properties amis defaults are not required. */
function relaxRequired(schema: Json) {
  walk(schema, (obj) => {
    if (!Array.isArray(obj.required) || !obj.required.every((r) => typeof r === 'string')) return;
    const kept = (obj.required as string[]).filter((name) => !DEFAULTED.has(name));
    if (kept.length) obj.required = kept;
    else delete obj.required;
  });
}

/** Gap 2: `null` is "none" for every property of every definition. */
function allowNull(schema: Json) {
  walk(schema.definitions, (obj) => {
    const props = obj.properties;
    if (!props || typeof props !== 'object' || Array.isArray(props)) return;
    for (const [key, value] of Object.entries(props as Json)) {
      if (value && typeof value === 'object' && !(value as Json).__nullable)
        (props as Json)[key] = { anyOf: [value, { type: 'null' }], __nullable: true };
    }
  });
  // the marker only stops a second visit; ajv must not see it
  walk(schema.definitions, (obj) => {
    delete obj.__nullable;
  });
}

/** Gap 3: theme values the enum of `level` and `size` leave out. */
function addThemeValues(schema: Json) {
  walk(schema.definitions, (obj) => {
    const props = obj.properties as Json | undefined;
    if (!props || typeof props !== 'object') return;
    for (const [key, values] of Object.entries(THEME_VALUES)) {
      const prop = props[key] as Json | undefined;
      const target = (prop?.anyOf as Json[] | undefined)?.[0] ?? prop;
      if (target && Array.isArray(target.enum)) target.enum = [...new Set([...(target.enum as string[]), ...values])];
    }
  });
}

/** Gap 4: shorthand forms amis expands (the string toolbar item `"reload"`, string shortcuts). */
function addShorthands(schema: Json) {
  const definitions = schema.definitions as Record<string, Json>;
  const toolbar = definitions.CRUDBultinToolbarType as { enum?: string[] } | undefined;
  if (toolbar?.enum)
    for (const item of ['reload', 'columns-toggler', 'drag-toggler']) if (!toolbar.enum.includes(item)) toolbar.enum.push(item);
}

/** Columns that render as the renderer their `type` names, so they take its properties too. */
const RENDERER_COLUMNS = ['ColumnSchema', 'HBoxColumnObject', 'GridColumnObject'];

/** What every renderer reads from its node when it has them: its value (static or by name) and, in a form, its form item's label. */
const EVERY_RENDERER: Record<string, unknown> = {
  name: { type: 'string' },
  value: {},
  label: {},
  remark: {},
  labelRemark: {},
  description: {},
};

/** Gap 5: properties renderers read that their definitions leave out. */
function addReadProperties(schema: Json) {
  const definitions = schema.definitions as Record<string, Json>;
  for (const name of RENDERER_COLUMNS) if (definitions[name]) delete definitions[name].additionalProperties;
  for (const def of Object.values(definitions)) {
    // a renderer: a node with a `type` and the className every renderer has
    const props = def.properties as Json | undefined;
    if (!props || !('type' in props) || !('className' in props)) continue;
    for (const [key, value] of Object.entries(EVERY_RENDERER)) props[key] ??= value;
  }
  walk(schema.definitions, (obj) => {
    const props = obj.properties as Json | undefined;
    if (!props || typeof props !== 'object' || Array.isArray(props)) return;
    for (const { when, add } of READ_BY_RENDERERS) {
      if (!(when in props)) continue;
      if (when === 'options' && !('source' in props)) continue;
      for (const [key, value] of Object.entries(add)) props[key] ??= value;
    }
  });
}

/** amis's schema with every documented gap closed (rules above, in that order). */
export function applySchemaOverlay(schema: Json): Json {
  relaxRequired(schema);
  addThemeValues(schema);
  addShorthands(schema);
  addReadProperties(schema);
  allowNull(schema);
  return schema;
}
