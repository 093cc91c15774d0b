import { describe, expect, it } from 'vitest';
import { crudDefaults } from './vocabulary';
import { filterFieldNames } from './vocabulary-export';

const filter = {
  body: [
    { type: 'input-text', name: 'plateNo', placeholder: '车牌' },
    { type: 'group', body: [{ type: 'select', name: 'state', dict: 'order_state' }] },
    { type: 'input-datetime-range', name: 'startTime', extraName: 'endTime' },
    { type: 'grid', columns: [{ body: [{ type: 'input-text', name: 'orderNo' }] }] },
    { type: 'submit', name: 'go', label: '查询' },
  ],
};

describe('the export shorthand', () => {
  it('sends every field of the filter by name, a range’s second name and fields inside a group or grid included', () => {
    expect(filterFieldNames(filter)).toEqual(['plateNo', 'state', 'startTime', 'endTime', 'orderNo']);
  });

  it('turns a toolbar button with `export` into 导出, a download of what the filter shows', () => {
    const crud = crudDefaults({
      type: 'crud',
      filter,
      headerToolbar: [
        { type: 'button', export: '/api/order/ParkingOrder/Actions/Export', visibleOn: "${HAS_PERM('order:export')}" },
        'reload',
      ],
    });
    expect(crud.headerToolbar).toEqual([
      {
        type: 'button',
        label: '导出',
        icon: 'fa fa-download',
        actionType: 'download',
        visibleOn: "${HAS_PERM('order:export')}",
        api: {
          method: 'get',
          url: '/api/order/ParkingOrder/Actions/Export',
          data: { plateNo: '${plateNo}', state: '${state}', startTime: '${startTime}', endTime: '${endTime}', orderNo: '${orderNo}' },
          responseType: 'blob',
        },
      },
      'reload',
    ]);
  });

  it('keeps what the page says: its own label and icon', () => {
    const crud = crudDefaults({
      type: 'crud',
      headerToolbar: [{ export: '/api/x/Actions/Export', label: '导出全部', icon: 'fa fa-file' }],
    });
    expect(crud.headerToolbar).toEqual([
      expect.objectContaining({ label: '导出全部', icon: 'fa fa-file', api: expect.objectContaining({ data: {} }) }),
    ]);
  });
});
