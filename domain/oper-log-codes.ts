/**
 * What the operation log records: the action and the module (the screen's records) of each row,
 * with the words the log's filter and list show (server/seed/system-dicts.ts seeds both as
 * dictionaries; server/lib/oper-log.ts takes only these codes).
 */

export const OPER_ACTION = {
  create: '新增',
  update: '修改',
  delete: '删除',
  status: '状态变更',
  export: '导出',
  login: '登录',
} as const;

export type OperAction = keyof typeof OPER_ACTION;

export const OPER_MODULE = {
  auth: '登录',
  user: '用户',
  role: '角色',
  menu: '菜单',
  dict: '数据字典',
  parking: '停车场',
  parkingArea: '区域',
  parkingLane: '车道',
  parkingSpace: '车位',
  device: '设备',
  merchant: '商户',
  feeRule: '计费规则',
  parkingOrder: '停车订单',
  chargingStation: '充电站',
  chargingPile: '充电桩',
  chargingGun: '充电枪',
  chargingPrice: '充电电价',
  chargingOrder: '充电订单',
  refund: '退款',
  cardProduct: '月卡产品',
  monthCard: '月卡',
  groupCard: '团体卡',
  arrearsRecord: '欠费记录',
  arrearsNotice: '追缴通知',
  arrearsPolicy: '追缴策略',
  couponTemplate: '优惠券模板',
  couponRecord: '发券记录',
  finance: '财务报表',
  page: '页面',
  oper_log: '操作日志',
  login_log: '登录日志',
} as const;

export type OperModule = keyof typeof OPER_MODULE;
