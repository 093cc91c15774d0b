import { describe, expect, it } from 'vitest';
import { checkRowDialogs } from '../../domain/pages/check/row-dialog-rules.ts';
import { applyVocabularyDeep } from '../../domain/pages/vocabulary';

/** 退款审核 as it was: 驳回 opened with the applicant's reason in the reviewer's box. */
const queue = (form: Record<string, unknown>, dialog: Record<string, unknown> = {}) => ({
  type: 'page',
  body: {
    type: 'crud',
    api: 'get:/api/refund/Refunds',
    columns: [
      { name: 'refundNo', label: '退款单号' },
      { name: 'reason', label: '原因' },
      { name: 'amountCents', label: '退款金额（元）' },
      {
        type: 'operation',
        label: '操作',
        buttons: [
          {
            type: 'button',
            label: '驳回',
            actionType: 'dialog',
            dialog: { type: 'dialog', title: '驳回', ...dialog, body: { type: 'form', api: 'post:/api/x/${id}', ...form } },
          },
        ],
      },
    ],
  },
});

const reasonField = { type: 'textarea', name: 'reason', label: '驳回原因', required: true };

describe('check:pages row dialog rule', () => {
  it('flags a dialog field named like a column of the list it is opened from', () => {
    expect(checkRowDialogs(queue({ body: [reasonField] }))).toEqual([
      { path: '/body/columns/3/buttons/0/dialog/body/body/0', message: expect.stringMatching(/opens with the row's "reason"/) },
    ]);
  });

  it('a field value does not stop it: amis takes the row value over the default', () => {
    const amount = { type: 'pc-input-money', name: 'amountCents', label: '金额', value: 0 };
    expect(checkRowDialogs(queue({ body: [amount] })).map((p) => p.path)).toEqual(['/body/columns/3/buttons/0/dialog/body/body/0']);
  });

  it('passes a field the page says how it starts: the form reads no row, edits the row, loads the record, or the dialog maps its data', () => {
    expect(checkRowDialogs(queue({ canAccessSuperData: false, body: [reasonField] }))).toEqual([]);
    expect(checkRowDialogs(queue({ canAccessSuperData: true, body: [reasonField] }))).toEqual([]);
    expect(checkRowDialogs(queue({ initApi: 'get:/api/x/${id}', body: [reasonField] }))).toEqual([]);
    expect(checkRowDialogs(queue({ body: [reasonField] }, { data: { id: '${id}' } }))).toEqual([]);
    expect(checkRowDialogs(queue({ body: [{ ...reasonField, canAccessSuperData: false }] }))).toEqual([]);
  });

  it('still flags a dialog whose data mapping passes the whole row on, and passes a display of the row', () => {
    expect(checkRowDialogs(queue({ body: [reasonField] }, { data: { '&': '$$', x: 1 } }))).toHaveLength(1);
    expect(checkRowDialogs(queue({ body: [reasonField] }, { data: { '&': '$$', reason: '' } }))).toEqual([]);
    expect(checkRowDialogs(queue({ body: [{ type: 'static', name: 'reason', label: '申请原因' }] }))).toEqual([]);
  });

  it('a field of another name, or a dialog of the toolbar, is not the row', () => {
    expect(checkRowDialogs(queue({ body: [{ ...reasonField, name: 'auditComment' }] }))).toEqual([]);
    const toolbar = {
      type: 'crud',
      columns: [{ name: 'reason' }],
      headerToolbar: [{ type: 'button', dialog: { body: { type: 'form', body: [reasonField] } } }],
    };
    expect(checkRowDialogs(toolbar)).toEqual([]);
  });

  it('the page as the console renders it passes: the vocabulary starts row dialog forms empty', () => {
    expect(checkRowDialogs(applyVocabularyDeep(queue({ body: [reasonField] })))).toEqual([]);
  });
});
