import { describe, expect, it } from 'vitest';
import {
  applyVocabulary,
  applyVocabularyDeep,
  ASK_AGAIN_WHEN_EMPTY,
  crudDefaults,
  dictApi,
  LOT_COLUMN_WIDTH,
  lotsApi,
  safeAddress,
} from './vocabulary';
import { FORM_INVALID_MESSAGE } from '../field-rules';

describe('list defaults', () => {
  it('paging names, page sizes, empty text, footer and no URL sync', () => {
    expect(crudDefaults({ type: 'crud', api: 'get:/api/x' })).toEqual({
      type: 'crud',
      api: 'get:/api/x',
      pageField: 'currentPage',
      perPageField: 'pageSize',
      perPage: 10,
      perPageAvailable: [10, 15, 20, 50, 100, 200],
      placeholder: { type: 'pc-list-placeholder', text: '暂无数据' },
      syncLocation: false,
      footerToolbar: ['statistics', 'switch-per-page', 'pagination'],
    });
  });

  it('what a page says wins', () => {
    const crud = crudDefaults({ type: 'crud', syncLocation: true, footerToolbar: ['statistics'], placeholder: '没有车道' });
    expect(crud).toMatchObject({
      syncLocation: true,
      footerToolbar: ['statistics'],
      placeholder: { type: 'pc-list-placeholder', text: '没有车道' },
    });
  });

  it('a list says it is loading until its first answer; a placeholder schema of the page stays as it is', () => {
    expect(crudDefaults({ type: 'crud', api: '/x' }).placeholder).toEqual({ type: 'pc-list-placeholder', text: '暂无数据' });
    const own = { type: 'tpl', tpl: '还没有记录' };
    expect(crudDefaults({ type: 'crud', api: '/x', placeholder: own }).placeholder).toBe(own);
  });

  it('a filter is one inline row with clearable fields, then 查询 and 重置', () => {
    const crud = crudDefaults({
      type: 'crud',
      filter: {
        body: [
          { type: 'input-text', name: 'keyword' },
          { type: 'select', name: 's', clearable: false },
          { type: 'switch', name: 'w' },
        ],
      },
    });
    expect(crud.filter).toEqual({
      title: '',
      mode: 'inline',
      wrapWithPanel: false,
      body: [
        { type: 'input-text', name: 'keyword', clearable: true },
        { type: 'select', name: 's', clearable: false },
        { type: 'switch', name: 'w' },
        { type: 'submit', label: '查询', level: 'primary' },
        { type: 'reset', label: '重置' },
      ],
    });
  });

  it('a time range in a filter offers today and the last 24 hours, unless the page lists its own shortcuts', () => {
    const body = [
      { type: 'input-datetime-range', name: 'entryTime' },
      { type: 'input-datetime-range', name: 'exitTime', shortcuts: 'yesterday' },
    ];
    const filter = crudDefaults({ type: 'crud', filter: { body } }).filter as { body: Record<string, unknown>[] };
    expect(filter.body[0].shortcuts).toBe('today,1dayago,yesterday,7daysago,30daysago,thismonth,prevmonth');
    expect(filter.body[1].shortcuts).toBe('yesterday');
  });

  it('a filter with its own submit button keeps its buttons', () => {
    const body = [
      { type: 'input-text', name: 'k', clearable: true },
      { type: 'submit', label: '搜索' },
    ];
    expect((crudDefaults({ type: 'crud', filter: { body } }).filter as { body: unknown[] }).body).toEqual(body);
  });
});

describe('bad input is never silently changed', () => {
  it('a number range and whole numbers become rules with one message; the input no longer clamps or rounds', () => {
    const count = applyVocabulary({ type: 'input-number', name: 'count', label: '数量', min: 1, max: 500, precision: 0 });
    expect(count).not.toHaveProperty('min');
    expect(count).not.toHaveProperty('max');
    expect(count).not.toHaveProperty('precision');
    expect(count.validations).toEqual({ isInt: true, minimum: 1, maximum: 500 });
    expect(count.validationErrors).toEqual({
      isInt: '必须是1到500之间的整数',
      minimum: '必须是1到500之间的整数',
      maximum: '必须是1到500之间的整数',
    });
    const spaces = applyVocabulary({ type: 'input-number', name: 'totalSpaces', min: 0, precision: 0 });
    expect(spaces.validationErrors).toMatchObject({ minimum: '必须是不小于0的整数' });
  });

  it("a page's own rules and messages win; a number without limits stays as it is", () => {
    const own = applyVocabulary({
      type: 'input-number',
      name: 'n',
      min: 0,
      validations: { maximum: 9 },
      validationErrors: { minimum: '至少为0' },
    });
    expect(own.validations).toEqual({ minimum: 0, maximum: 9 });
    expect(own.validationErrors).toEqual({ minimum: '至少为0' });
    const plain = { type: 'input-number', name: 'n', precision: 2 };
    expect(applyVocabulary(plain)).toBe(plain);
  });

  it('a length limit shows a counter', () => {
    expect(applyVocabulary({ type: 'input-text', name: 'parkingName', maxLength: 50 }).showCounter).toBe(true);
    expect(applyVocabulary({ type: 'textarea', name: 'd', maxLength: 500 }).showCounter).toBe(true);
    expect(applyVocabulary({ type: 'input-text', name: 'x' })).not.toHaveProperty('showCounter');
  });

  it('a required field says <label>不能为空 on every screen, as the server does', () => {
    expect(applyVocabulary({ type: 'input-text', name: 'a', label: '停车场名称', required: true }).validationErrors).toEqual({
      isRequired: '停车场名称不能为空',
    });
    expect(applyVocabulary({ type: 'select', name: 'c', required: true, label: '${x}' }).validationErrors).toEqual({
      isRequired: '此项不能为空',
    });
    expect(applyVocabulary({ type: 'input-text', name: 'u', label: '页面地址', requiredOn: '${type !== 1}' }).validationErrors).toEqual({
      isRequired: '页面地址不能为空',
    });
    const own = applyVocabulary({ type: 'input-text', name: 'a', label: 'A', required: true, validationErrors: { isRequired: '填一个' } });
    expect(own.validationErrors).toEqual({ isRequired: '填一个' });
  });

  it("a form that does not pass points at its fields, not amis's 依赖的部分字段没有通过验证", () => {
    expect(applyVocabulary({ type: 'form', body: [] }).messages).toEqual({ validateFailed: FORM_INVALID_MESSAGE });
    expect(applyVocabulary({ type: 'form', messages: { validateFailed: '自己的' } }).messages).toEqual({ validateFailed: '自己的' });
  });

  it('an add form that leaves its screen after saving starts empty next time; an edit form and a dialog form do not reset', () => {
    expect(applyVocabulary({ type: 'form', api: 'post:/api/x', redirect: '/x' }).resetAfterSubmit).toBe(true);
    expect(applyVocabulary({ type: 'form', api: 'put:/api/x/1', initApi: 'get:/api/x/1', redirect: '/x' })).not.toHaveProperty(
      'resetAfterSubmit',
    );
    expect(applyVocabulary({ type: 'form', api: 'post:/api/x' })).not.toHaveProperty('resetAfterSubmit');
  });

  it('what is typed in a combo row reaches the form at once (a quick 确认 sent the old value), unless the page says otherwise', () => {
    expect(applyVocabulary({ type: 'combo', name: 'windows', items: [] }).changeImmediately).toBe(true);
    expect(applyVocabulary({ type: 'combo', name: 'windows', changeImmediately: false }).changeImmediately).toBe(false);
    expect(applyVocabulary({ type: 'input-text', name: 'x' })).not.toHaveProperty('changeImmediately');
  });
});

describe('list columns', () => {
  it("a lot name column keeps room for the name unless the page sets the column's width", () => {
    const crud = {
      type: 'crud',
      api: '/x',
      columns: [{ name: 'parkingName', label: '停车场' }, { name: 'plateNo' }, { name: 'parkingName', width: 90 }],
    };
    expect(crudDefaults(crud).columns).toEqual([
      { name: 'parkingName', label: '停车场', width: LOT_COLUMN_WIDTH },
      { name: 'plateNo' },
      { name: 'parkingName', width: 90 },
    ]);
  });
});

describe('dict and lots', () => {
  it('dict gives a select its options and a mapping its labels', () => {
    expect(applyVocabulary({ type: 'select', name: 'direction', dict: 'lane_direction' })).toEqual({
      type: 'select',
      name: 'direction',
      source: 'get:/api/dictDetail?dictName=lane_direction&page=0&size=9999',
    });
    expect(applyVocabulary({ type: 'mapping', name: 'direction', dict: 'lane_direction' })).toMatchObject({
      source: dictApi('lane_direction'),
    });
  });

  it('an empty dict is dropped, so a page can replace a fragment’s dictionary with its own source', () => {
    expect(applyVocabulary({ type: 'mapping', dict: '', source: '${states}' })).toEqual({
      type: 'mapping',
      source: '${states}',
      itemSchema: { type: 'tpl', tpl: '${label}' },
    });
  });

  it('lots names the shared lookup of all lots or one management type', () => {
    expect(applyVocabulary({ type: 'select', name: 'parkingId', lots: 'all' })).toEqual({
      type: 'select',
      name: 'parkingId',
      source: 'get:/api/system/Parking?pageSize=1000&enabledmark=1',
      labelField: 'parkingName',
      valueField: 'id',
      searchable: true,
      onEvent: { focus: { actions: [ASK_AGAIN_WHEN_EMPTY] } },
    });
    // a page's own focus actions stay, first
    const own = { actionType: 'toast', args: { msg: 'x' } };
    expect(applyVocabulary({ type: 'select', lots: 'lane', onEvent: { focus: { actions: [own] } } }).onEvent).toEqual({
      focus: { actions: [own, ASK_AGAIN_WHEN_EMPTY] },
    });
    expect(lotsApi('space')).toBe('get:/api/system/Parking?pageSize=1000&enabledmark=1&type=0');
    expect(lotsApi('lane')).toBe('get:/api/system/Parking?pageSize=1000&enabledmark=1&type=1');
    expect(lotsApi('charge')).toBe('get:/api/system/Parking?pageSize=1000&enabledmark=1&type=4');
  });

  it('leaves keys it does not own on renderers it does not know', () => {
    const node = { type: 'tpl', dict: 'x', lots: 'all' };
    expect(applyVocabulary(node)).toBe(node);
  });

  it('applies to every node of a page', () => {
    const page = { type: 'page', body: { type: 'crud', columns: [{ name: 'direction', type: 'mapping', dict: 'lane_direction' }] } };
    const out = applyVocabularyDeep(page) as { body: { perPage: number; columns: { source: string }[] } };
    expect(out.body.perPage).toBe(10);
    expect(out.body.columns[0].source).toBe(dictApi('lane_direction'));
  });
});

describe('data as text', () => {
  it('a link or image address that starts with data lets only a link or an in-app path through', () => {
    expect(safeAddress('${url}')).toBe('${url | safeUrl}');
    expect(safeAddress('${a.b | raw}')).toBe('${a.b | raw | safeUrl}');
    expect(safeAddress('${base}/x/${id}')).toBe('${base | safeUrl}/x/${id}');
    expect(safeAddress("${a || '{}'}")).toBe("${a || '{}' | safeUrl}");
    expect(safeAddress('${url | safeUrl}')).toBe('${url | safeUrl}');
    // a fixed start chose the kind of address (check:pages judges it); no data, nothing to do
    for (const fixed of ['/parking/${id}', 'https://example.com/${id}', 'mailto:${email}', '/static/logo.png'])
      expect(safeAddress(fixed)).toBe(fixed);
  });

  it('links and images: their address templates, or the value they show', () => {
    expect(applyVocabulary({ type: 'link', href: '${site}', body: '官网' })).toEqual({
      type: 'link',
      href: '${site | safeUrl}',
      body: '官网',
    });
    expect(applyVocabulary({ type: 'link', name: 'site' })).toEqual({
      type: 'link',
      name: 'site',
      href: '${site | safeUrl}',
      body: { type: 'tpl', tpl: '${site}' },
    });
    expect(applyVocabulary({ type: 'image', name: 'photo', originalSrc: '${big}' })).toEqual({
      type: 'image',
      name: 'photo',
      src: '${photo | safeUrl}',
      originalSrc: '${big | safeUrl}',
    });
    expect(applyVocabulary({ type: 'avatar', src: '${avatar}' })).toEqual({ type: 'avatar', src: '${avatar | safeUrl}' });
    const fixed = { type: 'link', href: '/parking/parkingAdmin', body: '停车场' };
    expect(applyVocabulary(fixed)).toBe(fixed);
  });

  it('a mapping from a source shows its labels as text, a mapping of the page keeps its own', () => {
    expect(applyVocabulary({ type: 'mapping', name: 'direction', dict: 'lane_direction' })).toEqual({
      type: 'mapping',
      name: 'direction',
      source: dictApi('lane_direction'),
      itemSchema: { type: 'tpl', tpl: '${label}' },
    });
    expect(applyVocabulary({ type: 'mapping', source: '${states}', labelField: 'text' })).toMatchObject({
      itemSchema: { type: 'tpl', tpl: '${text}' },
    });
    const badge = { type: 'mapping', source: '${states}', itemSchema: { type: 'tag', label: '${label}' } };
    expect(applyVocabulary(badge)).toBe(badge);
    const own = { type: 'mapping', map: { 1: '<b>是</b>' } };
    expect(applyVocabulary(own)).toBe(own);
  });

  it('a tpl with only a name shows the value as text', () => {
    expect(applyVocabulary({ type: 'tpl', name: 'remark' })).toEqual({ type: 'tpl', name: 'remark', tpl: '${remark}' });
    const tpl = { type: 'tpl', name: 'x', tpl: '${x | cent}' };
    expect(applyVocabulary(tpl)).toBe(tpl);
  });
});
