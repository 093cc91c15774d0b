import type { Db } from '../db/database.ts';
import { dictEntryRows, dictRows } from './seed-rows.ts';
import { COUPON_STACKABLE, COUPON_STATES, COUPON_TYPES, COUPON_VALID_MODE } from '../../domain/coupon-codes.ts';
import { CAR_CLASS, PAY_CHANNEL, SOURCE, STATE_LABEL, TAKING_CHANNELS } from '../../domain/parking-codes.ts';
import { REFUND_REASON, REFUND_STATUS } from '../../domain/refund-codes.ts';
import {
  ORDER_STATE_LABELS as CHARGING_STATE_LABELS,
  PAY_STATUS_LABELS,
  START_MODE_LABELS,
  STOP_REASON_LABELS,
  STATION_TYPE,
  STATION_STATUS,
  PARK_FEE_TYPE,
  EQUIPMENT_TYPE,
  CONNECTOR_TYPE,
  GUN_STATUS_LABELS,
  PRICE_TIER,
  PRICE_TASK_STATUS,
} from '../../domain/charging-codes.ts';
import {
  AFTER_GRACE,
  BOUNDARY,
  COUPON_FROM,
  COUPON_KIND,
  FREE_MODE,
  LADDER_SCOPE,
  VEHICLE_TYPE,
  WINDOW_KIND,
} from '../../domain/fee-codes.ts';
import { OPER_ACTION, OPER_MODULE } from '../../domain/oper-log-codes.ts';
import {
  AREA_LEVEL,
  LINK_TARGET,
  LOGIN_RESULT,
  MENU_TYPE,
  NON_MEMBER_POLICY,
  ONLINE_STATE,
  USER_STATUS,
} from '../../domain/estate-codes.ts';
import { AGE_BUCKET, ARREARS_STATUS_LABEL, HUNT_SCOPE, NOTICE_CHANNEL, NOTICE_STATUS } from '../../domain/arrears-codes.ts';
import { CARD_PAY_CHANNELS, CARD_STATUS_LABEL, PERIOD_KIND, RENEW_FROM, SLOT_STATE, TIME_WINDOW } from '../../domain/card-codes.ts';

/**
 * Dictionaries the other screens' selects read (GET /api/dictDetail?dictName=…).
 * Values are strings because the client turns a value into a number only when it parses as one.
 */
type Dict = [name: string, fullName: string, entries: [value: string, label: string][]];

// an object lists integer keys in ascending order, then the others as written
const entriesOf = (labels: Record<number | string, string>): [string, string][] => Object.entries(labels);
/** the entries of `codes` only, with their labels: a form that may take some of a dictionary's codes */
const someOf = (labels: Record<number, string>, codes: readonly number[]): [string, string][] => codes.map((c) => [String(c), labels[c]]);

export const DICTS: Dict[] = [
  [
    'road_type',
    '道路类型',
    [
      ['1', '路内'],
      ['2', '路外'],
    ],
  ],
  [
    'parking_type',
    '停车场管理方式',
    [
      ['0', '路内泊位'],
      ['1', '道闸车场'],
      ['4', '充电站'],
    ],
  ],
  [
    'parking_kind',
    '停车场类型',
    [
      ['1', '地面'],
      ['2', '地下'],
      ['3', '路侧'],
    ],
  ],
  [
    'price_type',
    '价格类型',
    [
      ['1', '政府指导价'],
      ['2', '市场调节价'],
      ['3', '免费'],
    ],
  ],
  [
    'space_type',
    '车位类型',
    [
      ['1', '临时'],
      ['2', '产权'],
      ['3', '长租'],
      ['4', '访客'],
      ['5', '充电'],
      ['6', '无障碍'],
    ],
  ],
  [
    'space_status',
    '车位状态',
    [
      ['0', '空闲'],
      ['1', '占用'],
      ['2', '预约'],
      ['3', '故障'],
      ['4', '停用'],
    ],
  ],
  [
    'lane_direction',
    '车道方向',
    [
      ['1', '入口'],
      ['2', '出口'],
      ['3', '出入口'],
    ],
  ],
  [
    'qr_type',
    '二维码类型',
    [
      ['1', '入口码'],
      ['2', '出口码'],
      ['3', '场内码'],
    ],
  ],
  [
    'qr_status',
    '二维码状态',
    [
      ['1', '正常'],
      ['0', '作废'],
    ],
  ],
  [
    'device_type',
    '设备类型',
    [
      ['1', '摄像机'],
      ['2', '道闸控制器'],
      ['3', 'LED屏'],
      ['4', '地磁'],
      ['5', '充电桩'],
    ],
  ],
  [
    'plate_color',
    '车牌颜色',
    [
      ['1', '白'],
      ['2', '黄'],
      ['3', '绿'],
      ['4', '黑'],
      ['5', '蓝'],
    ],
  ],
  // the parking order's codes are said once (domain/parking-codes.ts); pages read them from here
  ['order_status', '订单状态', entriesOf(STATE_LABEL)],
  ['pay_channel', '支付渠道', entriesOf(PAY_CHANNEL)],
  ['taking_channel', '收款渠道', someOf(PAY_CHANNEL, TAKING_CHANNELS)],
  ['car_class', '车辆类别', entriesOf(CAR_CLASS)],
  ['order_source', '订单来源', entriesOf(SOURCE)],
  // the refund request's (domain/refund-codes.ts)
  ['refund_status', '退款状态', entriesOf(REFUND_STATUS)],
  ['refund_reason', '退款原因', entriesOf(REFUND_REASON)],
  // and the charging order's (domain/charging-codes.ts)
  ['charging_order_state', '充电订单状态', entriesOf(CHARGING_STATE_LABELS)],
  ['arrears_status', '欠费状态', entriesOf(ARREARS_STATUS_LABEL)],
  ['arrears_age', '欠费账龄', entriesOf(AGE_BUCKET)],
  ['notice_channel', '通知渠道', entriesOf(NOTICE_CHANNEL)],
  ['notice_status', '通知发送结果', entriesOf(NOTICE_STATUS)],
  ['hunt_scope', '追缴范围', entriesOf(HUNT_SCOPE)],
  // monthly and group cards (domain/card-codes.ts)
  ['card_status', '卡状态', entriesOf(CARD_STATUS_LABEL)],
  ['card_pay_channel', '卡费支付渠道', someOf(PAY_CHANNEL, CARD_PAY_CHANNELS)],
  ['card_period', '月卡周期', entriesOf(PERIOD_KIND)],
  ['card_time_window', '月卡时段', entriesOf(TIME_WINDOW)],
  ['card_renew_from', '过期续费起算', entriesOf(RENEW_FROM)],
  ['card_slot_state', '团体卡车位状态', entriesOf(SLOT_STATE)],
  ['charging_stop_reason', '充电停止原因', entriesOf(STOP_REASON_LABELS)],
  ['charging_start_mode', '充电启动方式', entriesOf(START_MODE_LABELS)],
  ['charging_pay_status', '充电支付状态', entriesOf(PAY_STATUS_LABELS)],
  ['station_type', '站点类型', entriesOf(STATION_TYPE)],
  ['station_status', '站点状态', entriesOf(STATION_STATUS)],
  ['park_fee_type', '停车收费方式', entriesOf(PARK_FEE_TYPE)],
  ['equipment_type', '充电桩设备类型', entriesOf(EQUIPMENT_TYPE)],
  ['connector_type', '充电枪接口类型', entriesOf(CONNECTOR_TYPE)],
  ['gun_status', '充电枪状态', entriesOf(GUN_STATUS_LABELS)],
  ['price_tier', '电价时段', entriesOf(PRICE_TIER)],
  ['price_task_status', '电价下发状态', entriesOf(PRICE_TASK_STATUS)],
  // the estate's and the system screens' (domain/estate-codes.ts)
  ['area_level', '区域层级', entriesOf(AREA_LEVEL)],
  ['non_member_policy', '非会员车辆策略', entriesOf(NON_MEMBER_POLICY)],
  ['menu_type', '菜单类型', entriesOf(MENU_TYPE)],
  ['link_target', '打开方式', entriesOf(LINK_TARGET)],
  ['online_state', '在线状态', entriesOf(ONLINE_STATE)],
  ['login_result', '登录结果', entriesOf(LOGIN_RESULT)],
  ['user_status', '用户状态', entriesOf(USER_STATUS)],
  ['oper_action', '操作类型', entriesOf(OPER_ACTION)],
  ['oper_module', '操作模块', entriesOf(OPER_MODULE)],
  // a fee rule's choices and the fee calculator's (domain/fee-codes.ts)
  ['vehicle_type', '车型', entriesOf(VEHICLE_TYPE)],
  ['fee_window_kind', '时段计费方式', entriesOf(WINDOW_KIND)],
  ['fee_free_mode', '免费时长方式', entriesOf(FREE_MODE)],
  ['fee_boundary', '跨时段计费方式', entriesOf(BOUNDARY)],
  ['fee_ladder_scope', '首时段计算范围', entriesOf(LADDER_SCOPE)],
  ['fee_after_grace', '超时处理方式', entriesOf(AFTER_GRACE)],
  ['coupon_kind', '优惠券类型', entriesOf(COUPON_KIND)],
  ['coupon_from', '减免位置', entriesOf(COUPON_FROM)],
  // issued coupons and their templates (domain/coupon-codes.ts)
  ['coupon_type', '优惠券种类', entriesOf(COUPON_TYPES)],
  ['coupon_state', '优惠券状态', entriesOf(COUPON_STATES)],
  ['coupon_valid_mode', '有效期类型', entriesOf(COUPON_VALID_MODE)],
  ['coupon_stackable', '叠加使用', entriesOf(COUPON_STACKABLE)],
  [
    'enabled_mark',
    '启用状态',
    [
      ['1', '启用'],
      ['0', '停用'],
    ],
  ],
];

/** Dictionary ids are `d-<name>`, entry ids `dd-<name>-<value>` (seed-rows.ts): stable for tests and links. */
export async function seedDicts(tx: Db): Promise<void> {
  for (const d of dictRows())
    await tx.query('insert into dictionaries (id, name, full_name, sort_code) values ($1, $2, $3, $4)', [
      d.id,
      d.name,
      d.fullName,
      d.sortCode,
    ]);
  for (const e of dictEntryRows())
    await tx.query('insert into dict_detail (id, dict_name, label, value, dict_sort) values ($1, $2, $3, $4, $5)', [
      e.id,
      e.dictName,
      e.label,
      e.value,
      e.sortCode,
    ]);
}
