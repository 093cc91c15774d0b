import { PARKING_KINDS, PARKING_TYPES, PLATE_COLOR_CODES, PRICE_TYPES, ROAD_TYPES } from '../services/parking-model.ts';
import { bindFromLotForm } from '../fees/lot-bindings.ts';

import Type, { type Static } from 'typebox';
import { HHMM_RE } from '../lib/fields.ts';
import { badRequest } from '../lib/envelope.ts';
import { type Row, defineResource, derive, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { bindingOf } from '../services/parking-bind.ts';
import type { Db } from '../db/database.ts';
import { XLSX_TYPE } from '../resource/export.ts';
import { parkingWorkbook } from '../services/parking-export.ts';

/** 停车场: a lot, its capacity, opening hours, contact and fee rule per plate colour. */

const hhmm = (title: string) =>
  Type.Union([Type.String({ pattern: HHMM_RE.source }), Type.Literal('')], {
    title,
    default: '',
    'x-msg': `${title}格式不正确，应为HH:mm`,
  });
const spaces = (title: string) => f.int(title, { default: 0, msg: `${title}必须是非负整数` });
const degrees = (title: string, limit: number) =>
  Type.Union([Type.Number({ minimum: -limit, maximum: limit }), Type.Null()], {
    title,
    default: null,
    'x-msg': `${title}必须是-${limit}到${limit}之间的数字`,
  });

const feeRule = Type.Object(
  {
    plateColor: f.oneOf('车牌颜色', PLATE_COLOR_CODES, '车牌颜色不正确'),
    // a rule of 计费规则: the entry becomes a binding (server/fees/lot-bindings.ts); its name is the rule's
    ruleId: Type.String({ title: '计费规则', minLength: 1, maxLength: 64 }),
    ruleName: Type.Optional(f.text('计费规则名称', 50)),
  },
  { required: ['plateColor', 'ruleId'] },
);

const fields = {
  parkingCode: f.code('停车场编号'),
  parkingName: f.text('停车场名称', 50),
  type: f.oneOf('停车场类型', PARKING_TYPES, '停车场类型只能是0（路侧泊位）、1（道闸车场）或4（充电站）'),
  roadType: f.oneOf('道路类型', ROAD_TYPES, '道路类型只能是1（路内）或2（路外）'),
  parkingKind: f.oneOf('停车场性质', PARKING_KINDS, '停车场性质只能是1（地面）、2（地下）或3（路侧）', { default: null }),
  regionCode: f.text('行政区划编码', 12, { default: '' }),
  regionName: f.text('行政区划名称', 50, { default: '' }),
  street: f.text('街道', 50, { default: '' }),
  address: f.text('详细地址', 200, { default: '' }),
  lng: degrees('经度', 180),
  lat: degrees('纬度', 90),
  totalSpaces: spaces('总车位数'),
  tempSpaces: spaces('临时车位数'),
  rentalSpaces: spaces('长租车位数'),
  chargingSpaces: spaces('充电车位数'),
  priceType: f.oneOf('收费类型', PRICE_TYPES, '收费类型只能是1（政府指导价）、2（市场调节价）或3（免费）', { default: null }),
  openTime: hhmm('开放时间'),
  closeTime: hhmm('关闭时间'),
  contactName: f.text('联系人', 20, { default: '' }),
  contactPhone: f.phone('联系电话'),
  description: f.text('备注', 500, { default: '' }),
  enabledMark: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
  sortCode: f.int('排序', { min: -2_147_483_648, default: 0, msg: '排序必须是整数' }),
  feeRules: Type.Array(feeRule, { title: '收费规则', default: [], maxItems: 5, 'x-msg': '收费规则格式不正确' }),
};

/** A lot as the API answers it. */
export type ParkingLot = Static<ReturnType<typeof Type.Object<typeof fields>>> & {
  id: string;
  createTime: number;
  lastModifyTime: number | null;
};

export const parkingLots = defineResource({
  table: 'parking',
  path: '/api/system/Parking',
  idPrefix: 'p',
  module: 'parking',
  fields,
  required: ['parkingCode', 'parkingName', 'type', 'roadType'],
  unique: [{ fields: ['parkingCode'], msg: '停车场编号已存在' }],
  filters: {
    keyword: filter.keyword(['parkingName', 'parkingCode']),
    regionCode: filter.eq('regionCode', f.text('行政区划编码', 12)),
    roadType: filter.eq('roadType', f.int('道路类型', { msg: '道路类型筛选值不正确' })),
    type: filter.eq('type', f.int('停车场类型', { msg: '停车场类型筛选值不正确' })),
    enabledMark: filter.eq('enabledMark', f.int('启用状态', { msg: '启用状态筛选值不正确' }), ['enabledmark']),
  },
  orderBy: [
    ['sortCode', 'asc'],
    ['createTime', 'desc'],
    ['id', 'asc'],
  ],
  lot: { column: 'id' },
  access: {
    // other screens pick lots from this list (a page's `"lots"` select, pages-json): every one of them
    // reads it, or a role holding that screen without 停车场管理 (the demo finance account at 退款审核
    // and 月卡) is refused the lookup, and the console answers a refused load with its 401 page
    list: {
      menus: [
        'parkingAdmin',
        'parkingArea',
        'parkingLane',
        'parkingSpace',
        'device',
        'chargingStation',
        'feeRule',
        'feeCalculator',
        'parkingRecordOrder',
        'refundApply',
        'refundAudit',
        'arrearsRecord',
        'arrearsNotice',
        'couponTemplate',
        'couponRecord',
        'merchant',
        'monthCardProduct',
        'monthCard',
        'groupCard',
      ],
    },
    get: { menus: ['parkingAdmin'] },
    create: { buttons: ['parking:add'] },
    update: { buttons: ['parking:edit'] },
    delete: { buttons: ['parking:delete'] },
  },
  describe: (v) => `${v.parkingCode} ${v.parkingName}`,
  export: {
    button: 'parking:export',
    fileName: '停车场列表.xlsx',
    file: async (rows) => ({ body: await parkingWorkbook(rows as ParkingLot[]), type: XLSX_TYPE }),
  },
  check(v) {
    if (v.tempSpaces + v.rentalSpaces > v.totalSpaces) throw badRequest('临时车位与长租车位之和不能超过总车位数');
    const colours = v.feeRules.map((r) => r.plateColor);
    if (new Set(colours).size !== colours.length) throw badRequest('同一车牌颜色只能设置一条收费规则');
  },
  toJson: (r) => ({
    ...r,
    lng: r.lng === null ? null : Number(r.lng),
    lat: r.lat === null ? null : Number(r.lat),
    feeRules: r.feeRules ?? [],
  }),
  toColumns: (v) => ('feeRules' in v ? { ...v, feeRules: JSON.stringify(v.feeRules) } : v),
  effects: {
    async create(w) {
      const problem = await bindFromLotForm(w.tx, w.id, w.values.feeRules);
      if (problem) throw badRequest(problem);
    },
    async update(w) {
      const problem = await bindFromLotForm(w.tx, w.id, w.values.feeRules);
      if (problem) throw badRequest(problem);
    },
  },
  guards: {
    async update(tx, before, after) {
      if (after.parkingCode !== before.parkingCode || after.type !== before.type) {
        const bound = await bindingOf(tx, before.id);
        if (!bound.canDelete) throw badRequest(`${bound.reason}，不能修改停车场编号或管理方式`);
      }
    },
    async delete(tx, row) {
      const bound = await bindingOf(tx, row.id);
      if (!bound.canDelete) throw badRequest(`${bound.reason}，不能删除`);
      // the lot's own area nodes go with it, zones before the lot node they hang under
      await tx.query('delete from parking_area where parking_id = $1 and level = 5', [row.id]);
      await tx.query('delete from parking_area where parking_id = $1', [row.id]);
    },
  },
});

/** The records of a lot (lanes, spaces, devices) answer the lot's name and are listed by the lot's code. */
export const ofLot = {
  name: derive.lookup('parking', 'parkingId', 'parkingName'),
  code: derive.lookup('parking', 'parkingId', 'parkingCode'),
};

/** Record `id` of `table` when it belongs to lot `parkingId` (a lane's area or barrier, a device's lane). */
export async function inLot(
  tx: Db,
  table: 'parkingArea' | 'parkingLane' | 'device',
  id: string,
  parkingId: string,
): Promise<Row | undefined> {
  return tx.kysely.selectFrom(table).selectAll().where('id', '=', id).where('parkingId', '=', parkingId).executeTakeFirst();
}
