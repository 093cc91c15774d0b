import { describe, expect, it } from 'vitest';
import { applyVocabulary } from './vocabulary';
import { RECORD_NAME_CLASS } from './vocabulary-row-dialogs';

type Node = Record<string, unknown>;

const list = (dialog: Node, extra: Node = {}) => ({
  type: 'crud',
  api: 'get:/api/refund/Refunds',
  ...extra,
  columns: [
    { name: 'reason', label: '原因' },
    { type: 'operation', label: '操作', buttons: [{ type: 'button', label: '驳回', actionType: 'dialog', dialog }] },
  ],
});

const dialogOf = (crud: Node) => ((crud.columns as Node[])[1].buttons as Node[])[0].dialog as Node;

describe('row dialogs', () => {
  it("a row dialog's form starts empty: it reads no field of the row (its templates still do)", () => {
    const form = { type: 'form', api: 'post:/api/x/${id}', body: [{ type: 'textarea', name: 'reason', label: '驳回原因' }] };
    expect(dialogOf(applyVocabulary(list({ type: 'dialog', body: form }))).body).toEqual({ ...form, canAccessSuperData: false });
  });

  it('a display in it shows the row field it names', () => {
    const form = { type: 'form', body: [{ type: 'static', name: 'stock', label: '当前库存' }] };
    expect(dialogOf(applyVocabulary(list({ type: 'dialog', body: form }))).body).toMatchObject({
      canAccessSuperData: false,
      body: [{ type: 'static', name: 'stock', canAccessSuperData: true }],
    });
  });

  it('the page says otherwise: the form says, loads the record, or the dialog maps its own data', () => {
    for (const dialog of [
      { type: 'dialog', body: { type: 'form', canAccessSuperData: true, body: [] } },
      { type: 'dialog', body: { type: 'form', initApi: 'get:/api/x/${id}', body: [] } },
      { type: 'dialog', data: { parentId: '${id}' }, body: { type: 'form', body: [] } },
    ])
      expect(dialogOf(applyVocabulary(list(dialog)))).toEqual(dialog);
  });

  it('a toolbar dialog is no row dialog', () => {
    const dialog = { type: 'dialog', body: { type: 'form', body: [] } };
    const crud = applyVocabulary({ type: 'crud', headerToolbar: [{ type: 'button', actionType: 'dialog', dialog }], columns: [] });
    expect((crud.headerToolbar as Node[])[0].dialog).toBe(dialog);
  });

  it("a list's recordName is the first line of every dialog its rows open", () => {
    const form = { type: 'form', body: [] };
    const crud = applyVocabulary(list({ type: 'dialog', body: form }, { recordName: '退款单号 ${refundNo} · ${amountCents | cent}元' }));
    expect(crud).not.toHaveProperty('recordName');
    expect(dialogOf(crud).body).toEqual([
      { type: 'tpl', tpl: '退款单号 ${refundNo} · ${amountCents | cent}元', className: RECORD_NAME_CLASS, wrapperComponent: 'p' },
      { ...form, canAccessSuperData: false },
    ]);
    // the table amis renders from the crud's columns gets it once
    expect(dialogOf(applyVocabulary({ ...crud, type: 'table' })).body).toHaveLength(2);
  });
});
