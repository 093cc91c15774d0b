/** Charging order states (notes §9.3, orise-admin `charge.vue`), stop reasons (T/CEC 102 + ours) and start modes (YKC). */

export const ORDER_STATE = { starting: 1, charging: 2, stopping: 3, finished: 4, unknown: 5, abnormal: 8, handled: 20 } as const;

export const ORDER_STATE_LABELS: Record<number, string> = {
  1: '启动中',
  2: '充电中',
  3: '停止中',
  4: '已完成',
  5: '未知',
  8: '异常',
  20: '异常已处理',
};

export const STOP_REASON = { user: 0, platform: 1, bms: 2, chargerFault: 3, disconnected: 4, noProgress: 5, adminClose: 6 } as const;

export const STOP_REASON_LABELS: Record<number, string> = {
  0: '用户停止',
  1: '平台远程停止',
  2: 'BMS停止（充满）',
  3: '充电机故障',
  4: '连接器断开',
  5: '无电量进度（异常）',
  6: '管理员关闭',
};

export const START_MODE_LABELS: Record<number, string> = { 1: 'App/扫码', 2: '刷卡', 4: '离线卡', 5: 'VIN码' };

export const PAY_STATUS = { unpaid: 0, paid: 1, partRefunded: 2, refunded: 3 } as const;

export const PAY_STATUS_LABELS: Record<number, string> = { 0: '未支付', 1: '已支付', 2: '部分退款', 3: '已退款' };

/** Station types (T/CEC 102 StationType). */
export const STATION_TYPE: Record<number, string> = {
  1: '公共',
  50: '个人',
  100: '公交专用',
  101: '环卫专用',
  102: '物流专用',
  103: '出租车专用',
  255: '其他',
};

/** Station states (T/CEC 102 StationStatus). */
export const STATION_STATUS: Record<number, string> = { 0: '未知', 1: '建设中', 5: '关闭下线', 6: '维护中', 50: '正常使用' };

/** How a station's parking is charged while a car charges. */
export const PARK_FEE_TYPE: Record<number, string> = { 0: '停车收费', 1: '停车免费', 2: '限时免费', 3: '充电期间免费' };

export const EQUIPMENT_TYPE: Record<number, string> = { 1: '直流', 2: '交流', 3: '交直流一体', 4: '无线' };

export const CONNECTOR_TYPE: Record<number, string> = { 1: '家用插座', 2: '交流插座', 3: '交流插头', 4: '直流枪头', 5: '无线' };

/** A connector's status as the list shows it (OCPP statuses fold into these, server/charging/ocpp-status.ts). */
export const GUN_STATUS_LABELS: Record<number, string> = { 0: '离线', 1: '空闲', 2: '已插枪', 3: '充电中', 4: '预约', 255: '故障' };

/** Time-of-use tiers of a price template. */
export const PRICE_TIER = { 1: '尖', 2: '峰', 3: '平', 4: '谷' } as const;

/** A price template pushed to a pile: waiting for its answer, accepted or refused. */
export const PRICE_TASK_STATUS: Record<number, string> = { 0: '待响应', 1: '成功', 2: '失败' };
