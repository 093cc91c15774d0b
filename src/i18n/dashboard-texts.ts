import { localeStore } from './index';
import { translateText } from './page-texts';
import { textTableStore } from './text-table';

/** The home dashboard's texts (src/views/dashboard/) in both languages. */
const texts = {
  'zh-CN': {
    title: '首页',
    welcome: '欢迎回来，{name}',
    dataTime: '数据时间 {time}',
    refreshEvery: '每30秒自动刷新',
    refresh: '刷新',
    demo: '演示数据',
    demoHint: '模拟器运行中：今日数据来自模拟器，历史为生成的演示数据',
    loadFailed: '看板数据加载失败：{msg}',
    stale: '显示的是 {time} 的数据',
    inPark: '在场车辆',
    freeSpaces: '空余车位',
    ofSpaces: '共 {n} 个车位',
    occupancy: '占用率 {pct}',
    entries: '今日入场',
    exits: '今日出场',
    averageStay: '平均停留',
    minutes: '{n} 分钟',
    turnover: '周转率',
    utilisation: '时间利用率 {pct}',
    zeroFee: '零收费占比',
    received: '今日实收',
    refunds: '退款 {amount} 元',
    receivable: '今日应收',
    discount: '优惠 {amount} 元',
    chargingNow: '充电中',
    energy: '今日充电量',
    chargingReceived: '充电实收 {amount} 元',
    vsYesterday: '较昨日同期 {delta}',
    vsYesterdayDay: '较昨日 {delta}',
    sameAsYesterday: '与昨日同期持平',
    yesterdayNone: '昨日同期无数据',
    flow24h: '近24小时进出场',
    incomeByChannel: '今日收入（按渠道）',
    noIncome: '今日暂无收入',
    occupancyByLot: '各停车场占用率',
    connectors: '充电枪状态',
    todos: '待办事项',
    allDone: '全部处理完毕',
    nothingToShow: '您的账号没有可在首页查看的数据，请从左侧菜单进入各功能。',
    yuan: '元',
    entered: '入场',
    left: '出场',
    todo_refunds: '待审核退款',
    todo_abnormalCharging: '异常充电订单',
    todo_devicesOffline: '离线超1小时的设备',
    todo_arrears3: '欠费31-90天',
    todo_arrears4: '欠费90天以上',
    todo_monthCards: '7天内到期的月卡',
    todo_groupCards: '7天内到期的团体卡',
  },
  'en-US': {
    title: 'Home',
    welcome: 'Welcome back, {name}',
    dataTime: 'Data as of {time}',
    refreshEvery: 'Refreshes every 30 s',
    refresh: 'Refresh',
    demo: 'Demo data',
    demoHint: 'Simulators running: today comes from the simulators, history is generated demo data',
    loadFailed: 'Could not load the dashboard: {msg}',
    stale: 'Showing data of {time}',
    inPark: 'Cars in lots',
    freeSpaces: 'Free spaces',
    ofSpaces: '{n} spaces in all',
    occupancy: 'Occupancy {pct}',
    entries: 'Entries today',
    exits: 'Exits today',
    averageStay: 'Average stay',
    minutes: '{n} min',
    turnover: 'Turnover',
    utilisation: 'Time utilisation {pct}',
    zeroFee: 'Zero-fee share',
    received: 'Received today',
    refunds: 'Refunds {amount}',
    receivable: 'Receivable today',
    discount: 'Discounts {amount}',
    chargingNow: 'Charging now',
    energy: 'Energy today',
    chargingReceived: 'Charging received {amount}',
    vsYesterday: '{delta} vs. yesterday so far',
    vsYesterdayDay: '{delta} vs. yesterday',
    sameAsYesterday: 'Same as yesterday so far',
    yesterdayNone: 'Nothing yesterday so far',
    flow24h: 'Entries and exits, last 24 hours',
    incomeByChannel: 'Income today by channel',
    noIncome: 'No income yet today',
    occupancyByLot: 'Occupancy by lot',
    connectors: 'Connectors',
    todos: 'To do',
    allDone: 'All done',
    nothingToShow: 'Your account has no figures for the home page; open a screen from the menu.',
    yuan: 'yuan',
    entered: 'Entries',
    left: 'Exits',
    todo_refunds: 'Refunds to review',
    todo_abnormalCharging: 'Abnormal charging orders',
    todo_devicesOffline: 'Devices offline over 1 hour',
    todo_arrears3: 'Arrears 31–90 days old',
    todo_arrears4: 'Arrears over 90 days old',
    todo_monthCards: 'Monthly cards ending within 7 days',
    todo_groupCards: 'Group cards ending within 7 days',
  },
} as const;

export type DashboardText = keyof (typeof texts)['zh-CN'];

/** A to-do's title by its key; the server's own words for a key this page does not know. */
export function todoTitle(key: string, fallback: string): string {
  const k = `todo_${key}` as DashboardText;
  return k in texts['zh-CN'] ? dt(k) : fallback;
}

export function dt(key: DashboardText, values: Record<string, string | number> = {}): string {
  return texts[localeStore.locale][key].replace(/\{(\w+)\}/g, (w, n: string) => (n in values ? String(values[n]) : w));
}

/** A label of a fixed set the server writes in Chinese (a pay channel: 微信), in the page language through the pages' table. */
export function fixedLabel(label: string): string {
  if (localeStore.locale === 'zh-CN') return label;
  textTableStore.start();
  return translateText(label, textTableStore.table, 'dict');
}
