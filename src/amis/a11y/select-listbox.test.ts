// @vitest-environment jsdom
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { closeSelectsOnEscape, listboxForSelects, listboxMenu, noMadeUpPopoverRole, openSelectOf, tieListbox } from './select-listbox';

const h = createElement;
const option = (i: number, label: string) =>
  h('div', { key: i, id: `downshift-0-item-${i}`, role: 'option', className: 'cxd-Select-option' }, label);
const search = (active?: string) =>
  h(
    'div',
    { className: 'cxd-Select-input' },
    h('input', { 'aria-controls': 'downshift-0-menu', 'aria-activedescendant': active, readOnly: true }),
  );

/** amis-ui's menu: the search box, then a fragment ending in the options or 未找到任何结果. */
const menu = (last: ReactNode, searchable = true) =>
  h(
    'div',
    { className: 'cxd-Select-menu' },
    searchable ? search('downshift-0-item-0') : null,
    h(Fragment, null, null, null, last),
  ) as ReactElement<Record<string, unknown>>;

function html(el: ReactElement): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(el);
  return box.firstElementChild as HTMLElement;
}

describe('amis selects as a listbox', () => {
  it('draws the options in a listbox of the menu id, the search box beside it', () => {
    const out = html(listboxMenu(menu([option(0, '入口'), option(1, '出口')]), 'downshift-0-menu', false));
    const listbox = out.querySelector('[role="listbox"]')!;
    expect(listbox.id).toBe('downshift-0-menu');
    expect([...listbox.children].map((c) => c.getAttribute('role'))).toEqual(['option', 'option']);
    expect(listbox.contains(out.querySelector('input'))).toBe(false);
    expect(listbox.hasAttribute('aria-multiselectable')).toBe(false);
    expect(
      html(listboxMenu(menu([option(0, 'a')]), 'm', true))
        .querySelector('[role="listbox"]')!
        .getAttribute('aria-multiselectable'),
    ).toBe('true');
  });

  it('without options the menu takes the id, and the search box points at no option that is gone', () => {
    const out = html(listboxMenu(menu(h('div', { className: 'cxd-Select-noResult' }, '未找到任何结果')), 'downshift-0-menu', false));
    expect(out.id).toBe('downshift-0-menu');
    expect(out.querySelector('[role="listbox"]')).toBeNull();
    expect(out.querySelector('input')!.hasAttribute('aria-activedescendant')).toBe(false);
    // still loading: the body is the loading text itself
    const loading = h('div', { className: 'cxd-Select-menu' }, null, h('div', { className: 'cxd-Select-noResult' }, '加载中'));
    expect(html(listboxMenu(loading as ReactElement<Record<string, unknown>>, 'm', false)).id).toBe('m');
  });

  it('the listbox is named as its combobox, which controls it', () => {
    document.body.innerHTML = `
      <label id="pc-name-1">所属停车场</label>
      <div role="combobox" aria-owns="downshift-0-menu" aria-labelledby="downshift-0-label pc-name-1"></div>
      <div role="combobox" aria-owns="downshift-1-menu" aria-label="方向"></div>
      <div role="listbox" id="downshift-0-menu"></div><div role="listbox" id="downshift-1-menu"></div><div role="listbox" id="x"></div>`;
    const [lots, direction, lone] = document.querySelectorAll<HTMLElement>('[role="listbox"]');
    expect(tieListbox(lots)).toBe(true);
    expect(lots.getAttribute('aria-labelledby')).toBe('pc-name-1');
    expect(document.querySelector('[aria-owns="downshift-0-menu"]')!.getAttribute('aria-controls')).toBe('downshift-0-menu');
    expect(tieListbox(direction)).toBe(true);
    expect(direction.getAttribute('aria-label')).toBe('方向');
    expect(tieListbox(lone)).toBe(false);
  });

  it('patches the select once; a phone’s select is left as it is', () => {
    class Raw {
      constructor(public props: { mobileUI?: boolean; multiple?: boolean }) {}
      renderOuter(_helpers: unknown): unknown {
        return this.props.mobileUI ? h('div', null, 'sheet') : h('section', null, h('aside', null, menu([option(0, '入口')], false)));
      }
    }
    const wrapped = { ComposedComponent: { ComposedComponent: Raw } };
    expect(listboxForSelects(wrapped)).toBe(true);
    expect(listboxForSelects(wrapped)).toBe(false);
    const helpers = { getMenuProps: () => ({ id: 'downshift-3-menu' }) };
    const out = html(new Raw({}).renderOuter(helpers) as ReactElement);
    expect(out.querySelector('aside > .cxd-Select-menu > [role="listbox"]')!.id).toBe('downshift-3-menu');
    expect(html(new Raw({ mobileUI: true }).renderOuter(helpers) as ReactElement).textContent).toBe('sheet');
  });

  it('a popover carries no made-up role; one given stays', () => {
    class Raw {
      constructor(public role?: string) {}
      render() {
        return h('div', { role: this.role ?? 'popover', className: 'cxd-PopOver' });
      }
    }
    expect(noMadeUpPopoverRole({ ComposedComponent: Raw })).toBe(true);
    expect(html(new Raw().render()).hasAttribute('role')).toBe(false);
    expect(html(new Raw('dialog').render()).getAttribute('role')).toBe('dialog');
  });
});

describe('Escape on an open select', () => {
  it('closes the select (a click on its box), keeps the focus there, and goes no further', () => {
    closeSelectsOnEscape(document);
    document.body.innerHTML = `
      <div class="cxd-Select" role="combobox" tabindex="0" aria-expanded="true" aria-owns="downshift-0-menu"></div>
      <div class="cxd-PopOver cxd-Select-popover"><div class="cxd-Select-menu"><div class="cxd-Select-input"><input aria-controls="downshift-0-menu"></div></div></div>`;
    const combobox = document.querySelector<HTMLElement>('[role="combobox"]')!;
    const search = document.querySelector('input')!;
    const clicks: string[] = [];
    combobox.addEventListener('click', () => clicks.push('box'));
    let reachedWindow = false;
    const onWindow = () => (reachedWindow = true);
    window.addEventListener('keydown', onWindow);
    expect(openSelectOf(search, document)).toBe(combobox);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    search.dispatchEvent(escape);
    expect(clicks).toEqual(['box']);
    expect(escape.defaultPrevented).toBe(true);
    expect(reachedWindow).toBe(false);
    expect(document.activeElement).toBe(combobox);
    // a closed select, or a key elsewhere, is left to others
    combobox.setAttribute('aria-expanded', 'false');
    expect(openSelectOf(combobox, document)).toBeNull();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(reachedWindow).toBe(true);
    window.removeEventListener('keydown', onWindow);
  });

  it('leaves the console’s own comboboxes (the header search) to close themselves', () => {
    closeSelectsOnEscape(document);
    document.body.innerHTML = `<div class="pc-search"><input role="combobox" aria-expanded="true" aria-controls="pc-search-list"></div>`;
    const search = document.querySelector('input')!;
    expect(openSelectOf(search, document)).toBeNull();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    search.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(false);
  });
});
