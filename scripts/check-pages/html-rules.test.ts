import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressProblem, checkDataAsHtml, htmlTemplateProblems } from '../../domain/pages/check/html-rules.ts';
import { checkPages } from './check.ts';

const list = (columns: unknown[]) => ({ type: 'page', body: { type: 'crud', api: 'get:/api/system/Parking', columns } });

describe('check:pages: data into HTML', () => {
  it('passes what escaping makes text: values, filters, functions, quoted classes, fixed addresses', () => {
    const page = list([
      { name: 'parkingName', label: '名称' },
      { name: 'roles', label: '角色', type: 'tpl', tpl: '${roleNames | join:、}' },
      { name: 'ua', label: 'UA', type: 'tpl', tpl: '${userAgent | truncate:60}' },
      {
        name: 's',
        label: '状态',
        type: 'tpl',
        tpl: "<span class='label ${value == 1 ? 'label-success' : 'label-default'}'>${label}</span>",
      },
      { name: 'n', label: '数', type: 'tpl', tpl: '停车场：<b>${count}</b> <a href="/parking/parkingAdmin/${id}">详情</a>' },
      { type: 'link', label: '官网', href: '${website}', body: '官网' },
      { type: 'link', label: '详情', href: '/parking/parkingAdmin', body: '详情' },
      { type: 'button', label: '打开', actionType: 'url', url: 'https://example.com/${id}' },
    ]);
    expect(checkDataAsHtml(page)).toEqual([]);
  });

  it('refuses | raw where amis renders HTML, naming the JSON path; leaves apis and data mappings alone', () => {
    const page = {
      type: 'page',
      title: '${name | raw}',
      body: {
        type: 'form',
        api: { method: 'post', url: '/api/x?q=${q | raw}', data: { a: '${a | raw}' } },
        body: [{ type: 'tpl', tpl: '<b>${note | raw}</b>' }],
      },
    };
    expect(checkDataAsHtml(page)).toEqual([
      { path: '/title', message: '"| raw" puts the data into the page as HTML; leave it out (data is shown as text)' },
      { path: '/body/body/0/tpl', message: '"| raw" puts the data into the page as HTML; leave it out (data is shown as text)' },
    ]);
  });

  it('refuses data where escaping does not help: handlers, addresses, styles, unquoted values, names, scripts', () => {
    const problems = (tpl: string) => htmlTemplateProblems(tpl);
    expect(problems('<b onclick="go(${id})">x</b>')).toEqual(['data in the event handler onclick="…": it would run as script']);
    expect(problems('<a href="${url}">x</a>')[0]).toContain('data in the address href="…"');
    expect(problems("<img src='${photo}'>")[0]).toContain('data in the address src="…"');
    expect(problems('<span style="color:${color}">x</span>')).toEqual(['data in a style attribute: it would be read as CSS']);
    expect(problems('<span class=${cls}>x</span>')[0]).toContain('unquoted attribute class=');
    expect(problems('<${tag}>x</${tag}>')[0]).toContain('names an HTML tag');
    expect(problems('<span ${attr}="1">x</span>')[0]).toContain('names an HTML attribute');
    expect(problems('<script>var a = "${a}"</script>')[0]).toContain('data inside <script>');
    expect(problems('<a href="/parking/${id}">x</a>')).toEqual([]);
  });

  it('refuses lodash templates, unsafe addresses of links, images and url buttons, iframes from data', () => {
    const page = list([
      { type: 'tpl', tpl: '<%= data.name %>' },
      { type: 'link', href: 'javascript:void(0)', body: 'x' },
      { type: 'image', src: 'javascript:${x}' },
      { type: 'button', label: 'x', actionType: 'url', url: 'data:text/html,${x}' },
      { type: 'iframe', src: '${page}' },
      { type: 'markdown', name: 'notes', options: { html: true } },
    ]);
    expect(checkDataAsHtml(page).map((p) => p.path)).toEqual([
      '/body/columns/0/tpl',
      '/body/columns/1/href',
      '/body/columns/2/src',
      '/body/columns/3/url',
      '/body/columns/4/src',
      '/body/columns/5/options/html',
    ]);
    expect(addressProblem('javascript:void(0)')).toContain('is not a link');
    expect(addressProblem('/x/${id}')).toBeUndefined();
    expect(addressProblem('${a}/${b}')).toBeUndefined();
  });

  it('runs as part of check:pages, on the page as amis gets it (fragments in), with file and path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pages-'));
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, '_fragments'));
    writeFileSync(join(dir, 'a/x.json'), JSON.stringify(list([{ $fragment: 'raw-note' }])));
    writeFileSync(
      join(dir, '_fragments/raw-note.json'),
      JSON.stringify({ name: 'note', label: '备注', type: 'tpl', tpl: '${note | raw}' }),
    );
    const { problems } = checkPages({
      bundles: [dir],
      routes: [{ method: 'GET', url: '/api/system/Parking' }],
      permissionCodes: new Set(),
      menuPages: [],
      root: dir,
    });
    expect(problems).toEqual([
      {
        file: 'a/x.json',
        path: '/body/columns/0/tpl',
        message: '"| raw" puts the data into the page as HTML; leave it out (data is shown as text)',
      },
    ]);
  });
});
