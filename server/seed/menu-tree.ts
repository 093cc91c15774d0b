import type { LINK_TARGET } from '../../domain/estate-codes.ts';

/** The planned menu tree: directories, their pages and each page's buttons. */

export interface SeedPage {
  enCode: string;
  fullName: string;
  icon: string;
  buttons?: [code: string, name: string][];
  type?: 2 | 7;
  urlAddress?: string;
  linkTarget?: keyof typeof LINK_TARGET;
}

export interface SeedDir {
  enCode: string;
  fullName: string;
  icon: string;
  pages: SeedPage[];
}

const crud = (entity: string, extra: [string, string][] = [], ops = ['add', 'edit', 'delete', 'export']): [string, string][] => [
  ...ops.map((op): [string, string] => [`${entity}:${op}`, { add: '新增', edit: '编辑', delete: '删除', export: '导出' }[op] ?? op]),
  ...extra,
];

export const MENU_TREE: SeedDir[] = [
  {
    enCode: 'parking',
    fullName: '停车基础设施',
    icon: 'parking',
    pages: [
      { enCode: 'parkingAdmin', fullName: '停车场管理', icon: 'list', buttons: crud('parking', [['parking:qrcode', '二维码']]) },
      { enCode: 'parkingArea', fullName: '区域管理', icon: 'tree', buttons: crud('area', [], ['add', 'edit', 'delete']) },
      {
        enCode: 'parkingLane',
        fullName: '车道管理',
        icon: 'lane',
        buttons: crud('lane', [
          ['lane:qrcode', '二维码'],
          ['lane:barrier', '道闸控制'],
        ]),
      },
      { enCode: 'parkingSpace', fullName: '车位管理', icon: 'space', buttons: crud('space', [['space:import', '批量导入']]) },
    ],
  },
  {
    enCode: 'charging',
    fullName: '充电管理',
    icon: 'charging',
    pages: [
      { enCode: 'chargingStation', fullName: '充电站', icon: 'map', buttons: crud('station') },
      { enCode: 'chargingPile', fullName: '充电桩', icon: 'pile', buttons: crud('pile') },
      { enCode: 'chargingGun', fullName: '充电枪', icon: 'gun', buttons: crud('gun', [], ['add', 'edit', 'delete']) },
      {
        enCode: 'chargingPrice',
        fullName: '电价模板',
        icon: 'price',
        buttons: crud('chargingPrice', [['chargingPrice:apply', '下发到桩']], ['add', 'edit', 'delete']),
      },
      {
        enCode: 'chargingOrder',
        fullName: '充电订单',
        icon: 'list',
        buttons: [
          ['chargingOrder:export', '导出'],
          ['chargingOrder:stop', '强制停止'],
          ['chargingOrder:settle', '异常结算'],
          ['chargingOrder:close', '管理员关闭'],
          ['chargingOrder:refund', '退款'],
        ],
      },
    ],
  },
  {
    enCode: 'fee',
    fullName: '收费管理',
    icon: 'fee',
    pages: [
      {
        enCode: 'feeRule',
        fullName: '计费规则',
        icon: 'rule',
        buttons: crud('feeRule', [
          ['feeRule:copy', '复制'],
          ['feeRule:bind', '绑定车场'],
        ]),
      },
      { enCode: 'feeCalculator', fullName: '计费试算', icon: 'calculator' },
    ],
  },
  {
    enCode: 'OrderManagement',
    fullName: '订单管理',
    icon: 'order',
    pages: [
      {
        enCode: 'parkingRecordOrder',
        fullName: '停车订单',
        icon: 'list',
        buttons: [
          ['order:export', '导出'],
          ['order:close', '手动结单'],
          ['order:adjust', '调整金额'],
          ['order:waive', '免单'],
          ['order:arrears', '转欠费'],
          ['order:refund', '申请退款'],
          ['pda:collect', '手持机收费'],
        ],
      },
    ],
  },
  {
    enCode: 'refund',
    fullName: '退款管理',
    icon: 'refund',
    pages: [
      {
        enCode: 'refundApply',
        fullName: '退款申请',
        icon: 'list',
        buttons: [
          ['refund:add', '申请退款'],
          ['refund:export', '导出'],
        ],
      },
      {
        enCode: 'refundAudit',
        fullName: '退款审核',
        icon: 'audit',
        buttons: [
          ['refund:approve', '通过'],
          ['refund:reject', '驳回'],
          ['refund:retry', '重试'],
          ['refund:close', '关闭'],
        ],
      },
    ],
  },
  {
    enCode: 'arrears',
    fullName: '欠费追缴',
    icon: 'arrears',
    pages: [
      {
        enCode: 'arrearsRecord',
        fullName: '欠费记录',
        icon: 'list',
        buttons: [
          ['arrears:export', '导出'],
          ['arrears:writeOff', '核销'],
          ['arrears:blacklist', '加入黑名单'],
          ['arrears:pay', '收款'],
          ['arrears:dispute', '标记争议'],
          ['arrears:policy', '追缴策略'],
        ],
      },
      {
        enCode: 'arrearsNotice',
        fullName: '追缴通知',
        icon: 'notice',
        buttons: [
          ['arrearsNotice:add', '发送通知'],
          ['arrearsNotice:export', '导出'],
        ],
      },
    ],
  },
  {
    enCode: 'coupon',
    fullName: '优惠券',
    icon: 'coupon',
    pages: [
      { enCode: 'merchant', fullName: '商户管理', icon: 'list', buttons: crud('merchant', [], ['add', 'edit', 'delete']) },
      { enCode: 'couponTemplate', fullName: '优惠券模板', icon: 'list', buttons: crud('couponTemplate', [], ['add', 'edit', 'delete']) },
      {
        enCode: 'couponRecord',
        fullName: '发券记录',
        icon: 'list',
        buttons: [
          ['couponRecord:add', '发券'],
          ['couponRecord:void', '作废'],
          ['couponRecord:export', '导出'],
        ],
      },
    ],
  },
  {
    enCode: 'card',
    fullName: '卡管理',
    icon: 'card',
    pages: [
      { enCode: 'monthCardProduct', fullName: '月卡产品', icon: 'list', buttons: crud('monthCardProduct', [], ['add', 'edit', 'delete']) },
      {
        enCode: 'monthCard',
        fullName: '月卡',
        icon: 'card',
        buttons: crud('monthCard', [
          ['monthCard:renew', '续费'],
          ['monthCard:pay', '支付'],
          ['monthCard:freeze', '冻结/解冻'],
        ]),
      },
      {
        enCode: 'groupCard',
        fullName: '团体卡',
        icon: 'group',
        buttons: crud(
          'groupCard',
          [
            ['groupCard:pay', '支付'],
            ['groupCard:freeze', '冻结/解冻'],
          ],
          ['add', 'edit', 'delete'],
        ),
      },
    ],
  },
  {
    enCode: 'finance',
    fullName: '财务报表',
    icon: 'finance',
    pages: [
      { enCode: 'financeDaily', fullName: '日报表', icon: 'chart', buttons: [['financeDaily:export', '导出']] },
      { enCode: 'financeChannel', fullName: '渠道收入', icon: 'chart', buttons: [['financeChannel:export', '导出']] },
      { enCode: 'financeCharging', fullName: '充电收入', icon: 'chart', buttons: [['financeCharging:export', '导出']] },
    ],
  },
  {
    enCode: 'monitoring',
    fullName: '监控中心',
    icon: 'monitor',
    pages: [{ enCode: 'device', fullName: '设备监控', icon: 'device', buttons: crud('device') }],
  },
  {
    enCode: 'tools',
    fullName: '系统工具',
    icon: 'tool',
    pages: [
      { enCode: 'apiDocs', fullName: '接口文档', icon: 'link', type: 7, urlAddress: '/api/docs', linkTarget: '_blank' },
      { enCode: 'addresses', fullName: '地址信息', icon: 'link' },
      // the page studio (/demo): the entry is its permission, the button the right to save a page to the site bundle
      {
        enCode: 'studio',
        fullName: '页面工作室',
        icon: 'rule',
        type: 7,
        urlAddress: '#/demo',
        linkTarget: '_blank',
        buttons: [['studio:save', '保存页面']],
      },
    ],
  },
  {
    enCode: 'system',
    fullName: '系统管理',
    icon: 'system',
    pages: [
      {
        enCode: 'user',
        fullName: '用户管理',
        icon: 'user',
        buttons: crud('user', [
          ['user:resetPassword', '重置密码'],
          ['user:status', '启用/禁用'],
          ['user:unlock', '解锁'],
        ]),
      },
      { enCode: 'role', fullName: '角色管理', icon: 'role', buttons: crud('role', [], ['add', 'edit', 'delete']) },
      { enCode: 'menu', fullName: '菜单管理', icon: 'menu', buttons: crud('menu', [], ['add', 'edit', 'delete']) },
      { enCode: 'dict', fullName: '数据字典', icon: 'dict', buttons: crud('dict', [], ['add', 'edit', 'delete']) },
      { enCode: 'operLog', fullName: '操作日志', icon: 'log', buttons: [['operLog:export', '导出']] },
      { enCode: 'loginLog', fullName: '登录日志', icon: 'log', buttons: [['loginLog:export', '导出']] },
    ],
  },
];

/** Menus (directories and pages) and buttons the operator role gets. */
export const OPERATOR_MENUS = [
  'parking',
  'parkingAdmin',
  'parkingLane',
  'parkingSpace',
  'OrderManagement',
  'parkingRecordOrder',
  'refund',
  'refundApply',
  'arrears',
  'arrearsRecord',
  'arrearsNotice',
  'monitoring',
  'device',
];
export const OPERATOR_BUTTONS = [
  'parking:edit',
  'parking:export',
  'lane:edit',
  'lane:qrcode',
  'lane:barrier',
  'space:edit',
  'space:export',
  'order:export',
  'order:close',
  'pda:collect',
  'refund:add',
  'refund:export',
  'arrears:export',
  'arrears:pay',
  'arrearsNotice:add',
  'arrearsNotice:export',
  'device:export',
];

/** The demo collector's: the handheld's collecting, and the orders it leaves behind to look up. */
export const COLLECTOR_MENUS = ['OrderManagement', 'parkingRecordOrder'];
export const COLLECTOR_BUTTONS = ['pda:collect'];

/** The demo finance account's menus and buttons: refunds to review, cards, the finance reports, orders to look up. */
export const FINANCE_MENUS = [
  'OrderManagement',
  'parkingRecordOrder',
  'refund',
  'refundApply',
  'refundAudit',
  'card',
  'monthCardProduct',
  'monthCard',
  'groupCard',
  'finance',
  'financeDaily',
  'financeChannel',
  'financeCharging',
];
export const FINANCE_BUTTONS = [
  'order:export',
  'refund:export',
  'refund:approve',
  'refund:reject',
  'refund:retry',
  'refund:close',
  'monthCardProduct:add',
  'monthCardProduct:edit',
  'monthCard:add',
  'monthCard:edit',
  'monthCard:export',
  'monthCard:renew',
  'monthCard:pay',
  'monthCard:freeze',
  'groupCard:add',
  'groupCard:edit',
  'groupCard:pay',
  'groupCard:freeze',
  'financeDaily:export',
  'financeChannel:export',
  'financeCharging:export',
];
