// @vitest-environment jsdom
// first, as in main.tsx: the filters bring the console's mobx 7 beside amis's mobx 4
import '../../setup-mobx';
import { beforeAll, describe, expect, it } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
// amis itself, less its editors: the `amis` entry pulls in monaco-editor, which only a bundler resolves
import * as core from 'amis-core';
import Html from 'amis-ui/lib/components/Html';
import { registerEscaping, type AmisInternals } from './escaping';
import { registerFilters } from './filters';

/**
 * Against amis itself: the escaping reaches into amis-formula's evaluator, amis-core's template
 * engines and amis-ui's Html component, so an amis upgrade that moves them fails here rather than
 * in the browser.
 */
const amis = { ...core, Html };
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
beforeAll(() => {
  registerEscaping({ Evaluator: core.Evaluator, registerTplEnginer: core.registerTplEnginer, Html } as unknown as AmisInternals);
  registerFilters(core);
});

const PAYLOAD = '<img src=x onerror="window.__xss=1">';
const SHOWN = '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;';

describe('template values are escaped in HTML templates', () => {
  it('whatever the filters or functions, as amis does for a bare variable', () => {
    const data = { a: PAYLOAD, list: [PAYLOAD, 'b'], n: 3 };
    expect(amis.filter('${a}', data)).toBe(amis.filter('${a | html}', data));
    expect(amis.filter('${list | join:、}', data)).toBe(`${SHOWN}、b`);
    expect(amis.filter('${a | truncate:60}', data)).toBe(SHOWN);
    expect(amis.filter('x ${a || "-"} y', data)).toBe(`x ${SHOWN} y`);
    expect(amis.filter('${CONCAT(a, "")}', data)).toBe(SHOWN);
    expect(amis.filter('${list}', data)).not.toContain('<');
    expect(amis.filter('${n + 1}', data)).toBe('4');
    expect(amis.tokenize('<b>${list | join:,}</b>', data)).toBe(`<b>${SHOWN},b</b>`);
  });

  it('an explicit last | raw keeps HTML (check:pages refuses it in pages)', () => {
    expect(amis.filter('${a | raw}', { a: '<b>x</b>' })).toBe('<b>x</b>');
  });

  it('leaves templates amis evaluates for data and addresses alone', () => {
    const data = { a: '<b>&</b>', list: ['<x>', 'y'] };
    expect(amis.resolveVariableAndFilter('${list | join:,}', data, '| raw')).toBe('<x>,y');
    expect(amis.resolveVariableAndFilter('${a || "-"}', data, '| raw')).toBe('<b>&</b>');
    expect(amis.resolveVariableAndFilter('${list}', data, '| raw')).toEqual(['<x>', 'y']);
    expect(amis.evalExpression('${a == "<b>&</b>"}', data)).toBe(true);
    expect(amis.dataMapping({ v: '${list | join:,}' }, data)).toEqual({ v: '<x>,y' });
  });

  it('a ${…} in data is text, never evaluated', () => {
    const data = { a: '${user.secret}', user: { secret: 's3cret' } };
    expect(amis.filter('${a | truncate:60}', data)).toBe('${user.secret}');
  });

  it('lodash templates (<% … %>) are not evaluated', () => {
    expect(amis.filter('<%= (window.__xss = 1) %>', {})).toBe('<%= (window.__xss = 1) %>');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('addresses from data: safeUrl lets links and in-app paths through only', () => {
    expect(amis.filter('${u | safeUrl}', { u: 'javascript:alert(1)' }, '| raw')).toBe('about:blank#blocked');
    expect(amis.filter('${u | safeUrl}', { u: 'https://example.com/a' }, '| raw')).toBe('https://example.com/a');
  });
});

describe('amis-ui Html', () => {
  it('inserts sanitized HTML only (tooltips with option labels, toasts, labels)', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    await act(async () => root.render(createElement(amis.Html, { html: `<b>t</b>${PAYLOAD}<svg onload="x()"></svg>` })));
    expect(host.innerHTML).toContain('<b>t</b>');
    expect(host.innerHTML).not.toMatch(/<img|<svg|onerror|onload/);
    await act(async () => root.unmount());
  });
});
