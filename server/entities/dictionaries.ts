import { type Row, defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { zeroBasedPaging } from '../resource/paging.ts';
import { badRequest } from '../lib/envelope.ts';

/**
 * 数据字典: named value sets (road types, plate colours…) that selects, labels and exports read.
 * Entries reference their dictionary by name (the client asks by dictName); renaming a dictionary
 * carries its entries along, deleting it deletes them.
 */

const WRITE = { create: { buttons: ['dict:add'] }, update: { buttons: ['dict:edit'] }, delete: { buttons: ['dict:delete'] } };
/** neither answer carries its timestamps */
const withoutTimes = ({ createTime: _c, lastModifyTime: _m, ...r }: Row): Row => r;

export const dictionaries = defineResource({
  table: 'dictionaries',
  path: '/api/system/Dictionary',
  idPrefix: 'd',
  module: 'dict',
  fields: {
    name: f.enCode('字典编码'),
    fullName: f.text('字典名称', 50),
    description: f.text('描述', 200, { default: '' }),
    sortCode: f.int('排序', { min: -2_147_483_648, default: 0, msg: '排序必须是整数' }),
  },
  required: ['name', 'fullName'],
  unique: [{ fields: ['name'], msg: '字典编码已存在' }],
  filters: { keyword: filter.keyword(['name', 'fullName']) },
  orderBy: [
    ['sortCode', 'asc'],
    ['name', 'asc'],
  ],
  access: { list: { menus: ['dict'] }, ...WRITE },
  modifiedColumn: null,
  describe: (v) => `${v.name} ${v.fullName}`,
  toJson: withoutTimes,
});

/** 字典项, as the spec names its calls: `api/dictDetail?dictName=&page=0&size=9999`, PUT with the id in the body. */
export const dictEntries = defineResource({
  table: 'dictDetail',
  path: '/api/dictDetail',
  idPrefix: 'dd',
  module: 'dict',
  fields: {
    // an entry stays in its dictionary
    dictName: f.text('字典编码', 50),
    label: f.text('字典标签', 50),
    value: f.text('字典值', 50),
    content: f.text('备注', 200, { default: '' }),
    dictSort: f.int('排序', { min: -2_147_483_648, default: 0, msg: '排序必须是整数' }),
  },
  required: ['dictName', 'label', 'value'],
  createOnly: ['dictName'],
  unique: [{ fields: ['dictName', 'value'], msg: '字典值已存在' }],
  filters: {
    dictName: { ...filter.eq('dictName', f.text('字典编码', 50)), required: true },
    label: filter.keyword(['label'], '字典标签'),
  },
  orderBy: [
    ['dictSort', 'asc'],
    ['value', 'asc'],
  ],
  paging: zeroBasedPaging,
  bodyId: '字典项ID',
  // every signed-in user: the selects of other screens read it
  access: { list: 'login', ...WRITE },
  describe: (v) => `${v.dictName} ${v.value}=${v.label}`,
  toJson: withoutTimes,
  guards: {
    async save(tx, v, before) {
      if (before) return;
      const dict = await tx.kysely.selectFrom('dictionaries').select('id').where('name', '=', v.dictName).executeTakeFirst();
      if (!dict) throw badRequest('字典不存在');
    },
  },
});
