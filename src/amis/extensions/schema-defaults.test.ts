import { describe, expect, it, vi } from 'vitest';
import type { Schema } from 'amis';
import { registerSchemaDefaults, schemaDefaults } from './schema-defaults';
import { chinaAxisLabel } from '../chart-time';

describe('schema defaults', () => {
  it('gives a crud the list defaults, keeping what the page says', () => {
    const crud = schemaDefaults({ type: 'crud', api: '/x', perPage: 20, syncLocation: true });
    expect(crud).toMatchObject({
      pageField: 'currentPage',
      perPageField: 'pageSize',
      perPage: 20,
      syncLocation: true,
      placeholder: { type: 'pc-list-placeholder', text: '暂无数据' },
    });
    expect(crud.perPageAvailable).toEqual([10, 15, 20, 50, 100, 200]);
  });

  it('answers the same object for the same node, and leaves other nodes alone', () => {
    const crud = { type: 'crud', api: '/x' };
    expect(schemaDefaults(crud)).toBe(schemaDefaults(crud));
    const text = { type: 'tpl', tpl: '说明' };
    expect(schemaDefaults(text)).toBe(text);
  });

  it('gives every chart’s time axis the China-time labels (src/amis/chart-time.ts)', () => {
    const chart = schemaDefaults({ type: 'chart', config: { xAxis: { type: 'time' }, yAxis: { type: 'value' } } } as Schema);
    expect(chart.config.xAxis.axisLabel.formatter).toBe(chinaAxisLabel);
  });

  it('registers itself as a schema filter of amis', () => {
    const addSchemaFilter = vi.fn();
    registerSchemaDefaults({ addSchemaFilter });
    expect(addSchemaFilter).toHaveBeenCalledTimes(1);
    const [filter] = addSchemaFilter.mock.calls[0] as [(schema: Schema) => Schema];
    const crud = { type: 'crud', api: '/x' };
    expect(filter(crud)).toBe(schemaDefaults(crud));
  });
});
