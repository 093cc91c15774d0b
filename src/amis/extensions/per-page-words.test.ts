import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { perPageInPageLanguage } from './per-page-words';

type Options = { label: unknown; value: string }[];

/** amis's CRUD as far as its per-page select goes (amis/CRUD.js renderSwitchPerPage). */
class FakeCrud {
  constructor(
    public props: { mobileUI?: boolean; locale?: string; translate?: (key: string, values?: Record<string, unknown>) => string },
  ) {}
  renderSwitchPerPage() {
    const options = [10, 20].map((n) => ({ label: this.props.mobileUI ? `${n} 条/页` : n, value: `${n}` }));
    return createElement(
      'div',
      null,
      this.props.mobileUI ? null : createElement('span', null, '每页显示'),
      createElement('select', { options }),
    );
  }
}
class FakeRenderer extends FakeCrud {}

const english = (key: string, values?: Record<string, unknown>) =>
  key === 'Pagination.select' ? `${String(values?.count)} items/page` : key;
const labels = (el: unknown) =>
  ((el as ReactElement<{ children: ReactElement<{ options?: Options }>[] }>).props.children[1].props.options ?? []).map((o) => o.label);

describe("a phone's per-page select", () => {
  perPageInPageLanguage(FakeRenderer);

  it("says amis's words in the page's language", () => {
    expect(labels(new FakeRenderer({ mobileUI: true, locale: 'en-US', translate: english }).renderSwitchPerPage())).toEqual([
      '10 items/page',
      '20 items/page',
    ]);
  });

  it('stays as amis draws it in Chinese and on a desk', () => {
    expect(labels(new FakeRenderer({ mobileUI: true, locale: 'zh-CN', translate: english }).renderSwitchPerPage())).toEqual([
      '10 条/页',
      '20 条/页',
    ]);
    expect(labels(new FakeRenderer({ mobileUI: false, locale: 'en-US', translate: english }).renderSwitchPerPage())).toEqual([10, 20]);
  });

  it('is patched once, on the class that has the method', () => {
    expect(perPageInPageLanguage(FakeCrud)).toBe(false);
    expect(Object.prototype.hasOwnProperty.call(FakeRenderer.prototype, 'renderSwitchPerPage')).toBe(false);
  });
});
