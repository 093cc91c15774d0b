import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import ts from 'typescript';

/**
 * What amis's renderers read, from amis itself: for each registered renderer type, the properties
 * its component's props type declares (the renderer's TypeScript types in amis/lib/**.d.ts, and the
 * amis-ui component it hands its props on to), plus the names its render code takes from its props
 * (`__rest(props, [...])`, `propsList`). amis's schema.json is generated from the schema interfaces
 * only and lags these; schema-overlay.ts admits the difference. Internal props that amis itself
 * passes (amis-core's RendererProps and FormControlProps: data, env, store, onChange…) and
 * functions are left out: a page cannot give them.
 */

const require = createRequire(import.meta.url);
const AMIS = join(dirname(require.resolve('amis')), '..');
const CORE = join(dirname(require.resolve('amis-core')), '..');
const UI = join(dirname(require.resolve('amis-ui')), '..');
/** `amis-ui/lib/components/X` → its declaration file (amis-ui's exports map hides the .d.ts from require). */
const uiDeclaration = (module: string) => join(UI, `${module.replace(/^amis-ui\//, '')}.d.ts`);
/** Where renderers register: amis's own, and amis-core's (form, its items' wrappers). */
const RENDERERS = [join(AMIS, 'lib', 'renderers'), join(CORE, 'lib', 'renderers')];

/** `X = tslib.__decorate([amisCore.FormItem({ type: 'input-text', alias: [...]` → class, type and aliases. */
const REGISTRATION = /(\w+) = tslib\.__decorate\(\[\s*(?:\w+\.)?(?:Renderer|FormItem|OptionsControl)\(\{([^}]*)/g;
/** `_J$X_(_DateRangePicker__default["default"], tslib.__assign({}, rest` → an amis-ui component given the renderer's props. */
const SPREAD = /_J\$X_\((\w+)__default\["default"\], tslib\.__assign\(\{\}, (?:rest|this\.props|props)\b/g;
const REQUIRE = /var (\w+) = require\('(amis-ui\/lib\/components\/[\w/]+)'\)/g;
/** Names a render function takes out of its props, and the ones a renderer declares it reads. */
const DESTRUCTURED = /__rest\(\w+, \[([^\]]*)\]\)|\.propsList = \[([^\]]*)\]/g;
/** `var _a = this.props, columnsCount = _a.columnsCount, …;`: what a method takes from its props. */
const FROM_PROPS = /var (_\w+) = this\.props,([^;]*);/g;

interface Registration {
  type: string;
  className: string;
  declarationFile: string;
  /** amis-ui modules that receive the renderer's props, and the props the renderer sets over the page's */
  spreadInto: { module: string; overridden: Set<string> }[];
  /** names its code reads from its props */
  destructured: string[];
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );
}

/**
 * The keys of the object literal at `from` (`, { mobileUI: mobileUI, data: data })`): what a renderer
 * sets after spreading its props, so a page's value of them never arrives.
 */
function literalKeys(code: string, from: number): Set<string> {
  const keys = new Set<string>();
  const start = /^\s*,\s*\{/.exec(code.slice(from, from + 20));
  if (!start) return keys;
  let depth = 0;
  let quote = '';
  let expectKey = false;
  for (let i = from + start[0].length - 1; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) {
      depth++;
      expectKey = depth === 1;
    } else if (')]}'.includes(c)) {
      if (--depth === 0) break;
    } else if (depth === 1 && c === ',') expectKey = true;
    else if (depth === 1 && expectKey && /\S/.test(c)) {
      const key = /^["']?([\w$]+)["']?\s*:/.exec(code.slice(i, i + 80));
      if (key) keys.add(key[1]);
      expectKey = false;
    }
  }
  return keys;
}

function registrations(): Registration[] {
  return RENDERERS.flatMap(jsFiles).flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    const modules = new Map([...code.matchAll(REQUIRE)].map((m) => [m[1], m[2]]));
    const spreadInto = [...code.matchAll(SPREAD)].flatMap((m) => {
      const module = modules.get(m[1]);
      return module ? [{ module, overridden: literalKeys(code, m.index + m[0].length) }] : [];
    });
    const destructured = [
      ...new Set([
        ...[...code.matchAll(DESTRUCTURED)].flatMap((m) => [...(m[1] ?? m[2]).matchAll(/["']([\w$]+)["']/g)].map((n) => n[1])),
        ...[...code.matchAll(FROM_PROPS)].flatMap((m) => [...m[2].matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)`, 'g'))].map((n) => n[1])),
      ]),
    ];
    const declarationFile = file.replace(/\.js$/, '.d.ts');
    return [...code.matchAll(REGISTRATION)].flatMap((m) => {
      const type = /\btype: '([^']+)'/.exec(m[2])?.[1];
      const aliases = [...(/\balias: \[([^\]]*)\]/.exec(m[2])?.[1] ?? '').matchAll(/'([^']+)'/g)].map((a) => a[1]);
      return type ? [type, ...aliases].map((t) => ({ type: t, className: m[1], declarationFile, spreadInto, destructured })) : [];
    });
  });
}

/** The props type of a component symbol: a class's `props`, or a function component's first parameter. */
function propsOf(checker: ts.TypeChecker, symbol: ts.Symbol, at: ts.Node): ts.Type | undefined {
  const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const type = checker.getTypeOfSymbolAtLocation(resolved, at);
  for (const signature of type.getConstructSignatures()) {
    // what a caller passes (a themed or localised wrapper declares only that), else the instance's props
    const param = signature.getParameters()[0];
    if (param) return checker.getTypeOfSymbolAtLocation(param, at);
    const props = signature.getReturnType().getProperty('props');
    if (props) return checker.getTypeOfSymbolAtLocation(props, at);
  }
  const call = type.getCallSignatures()[0];
  const first = call?.getParameters()[0];
  return first ? checker.getTypeOfSymbolAtLocation(first, at) : undefined;
}

function exported(checker: ts.TypeChecker, file: ts.SourceFile, name: string): ts.Symbol | undefined {
  const module = checker.getSymbolAtLocation(file);
  return module ? checker.getExportsOfModule(module).find((s) => s.name === name) : undefined;
}

/** Property names a page can give: declared outside amis-core's internals and React, and not functions. */
function pageProps(checker: ts.TypeChecker, type: ts.Type, at: ts.Node, internal: Set<string>): string[] {
  return checker
    .getPropertiesOfType(checker.getApparentType(type))
    .filter((p) => !internal.has(p.name))
    .filter((p) => {
      const own = (p.declarations ?? []).some((d) => !/[\\/](amis-core|@types[\\/]react)[\\/]/.test(d.getSourceFile().fileName));
      const value = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(p, at));
      const fn = value.getCallSignatures().length > 0 || (value.isUnion() && value.types.every((t) => t.getCallSignatures().length));
      // an instance of a class (a store, a test id builder) is something amis hands over, never JSON
      const instance = Boolean(value.getSymbol() && value.getSymbol()!.flags & ts.SymbolFlags.Class);
      return own && !fn && !instance;
    })
    .map((p) => p.name);
}

/**
 * The props amis passes to every renderer itself (amis-core's RendererProps, FormControlProps): not a
 * page's to give, unless the schema's base definitions (`schemaNames`: BaseSchema, FormBaseControl) list them.
 */
function internalProps(checker: ts.TypeChecker, program: ts.Program, schemaNames: Set<string>): Set<string> {
  const core = program.getSourceFile(join(dirname(require.resolve('amis-core')), 'index.d.ts'));
  const names = new Set<string>();
  if (!core) return names;
  names.add('children');
  for (const name of ['RendererProps', 'FormControlProps']) {
    const symbol = exported(checker, core, name);
    if (!symbol) continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
    for (const p of checker.getPropertiesOfType(type)) if (!schemaNames.has(p.name)) names.add(p.name);
  }
  return names;
}

/** For each renderer type: every property its renderer reads that a page can give, sorted. */
export function readRendererProps(baseNames: Set<string>): Record<string, string[]> {
  const found = registrations();
  const uiFiles = [...new Set(found.flatMap((r) => r.spreadInto.map((s) => s.module)))].map((m) => uiDeclaration(m));
  const roots = [...new Set(found.map((r) => r.declarationFile)), ...uiFiles, join(dirname(require.resolve('amis-core')), 'index.d.ts')];
  const program = ts.createProgram(roots, {
    noEmit: true,
    skipLibCheck: true,
    // amis's types import React as a default export
    esModuleInterop: true,
    allowSyntheticDefaultImports: true,
    jsx: ts.JsxEmit.React,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const internal = internalProps(checker, program, baseNames);
  const out: Record<string, Set<string>> = {};
  for (const r of found) {
    const names = (out[r.type] ??= new Set());
    const file = program.getSourceFile(r.declarationFile);
    const symbol = file && exported(checker, file, r.className);
    const props = file && symbol && propsOf(checker, symbol, file);
    if (file && props) for (const n of pageProps(checker, props, file, internal)) names.add(n);
    for (const { module, overridden } of r.spreadInto) {
      const ui = program.getSourceFile(uiDeclaration(module));
      // the component class itself (its themed default export is typed through HOCs the checker cannot follow)
      const component = ui && (exported(checker, ui, basename(module)) ?? exported(checker, ui, 'default'));
      const uiProps = ui && component && propsOf(checker, component, ui);
      if (ui && uiProps) for (const n of pageProps(checker, uiProps, ui, internal)) if (!overridden.has(n)) names.add(n);
    }
    for (const n of r.destructured) if (!internal.has(n)) names.add(n);
  }
  return Object.fromEntries(
    Object.entries(out)
      .sort(([a], [b]) => a.localeCompare(b))
      // event handlers are functions amis passes; a page writes `onEvent` instead
      .map(([type, names]) => [type, [...names].filter((n) => !/^on[A-Z]/.test(n)).sort()]),
  );
}

export function amisVersion(): string {
  return (JSON.parse(readFileSync(join(AMIS, 'package.json'), 'utf8')) as { version: string }).version;
}
