import type { Locale } from '../i18n';

/** /activity's words (regional statistics), in the public pages' two languages. */
const TEXTS = {
  'zh-CN': {
    heading: '区域停车统计',
    dataTime: '数据时间',
    demo: '演示数据',
    lots: '停车场',
    spaces: '泊位总数',
    carsInPark: '在场车辆',
    utilisation: '今日时间利用率',
    turnover: '今日周转率',
    turnoverUnit: '次/泊位',
    averageStay: '平均停放时长',
    minutes: '分钟',
    entries: '今日驶入',
    exits: '今日驶出',
    stations: '充电站',
    connectors: '充电枪',
    energy: '今日充电量',
    note: '统计口径：平均停放时长 = 今日离场停车总时长 ÷ 今日离场次数；周转率 = 今日离场次数 ÷ 泊位总数。',
    failed: '统计暂不可用，稍后自动重试',
  },
  'en-US': {
    heading: 'Regional parking statistics',
    dataTime: 'Data time',
    demo: 'Demo data',
    lots: 'Car parks',
    spaces: 'Spaces',
    carsInPark: 'Cars parked',
    utilisation: 'Time utilisation today',
    turnover: 'Turnover today',
    turnoverUnit: 'per space',
    averageStay: 'Average stay',
    minutes: 'min',
    entries: 'Entries today',
    exits: 'Exits today',
    stations: 'Charging stations',
    connectors: 'Connectors',
    energy: 'Energy today',
    note: 'Average stay = total minutes of stays ended today ÷ stays ended today; turnover = stays ended today ÷ spaces.',
    failed: 'Statistics unavailable: retrying shortly',
  },
} as const;

export type ActivityText = keyof (typeof TEXTS)['zh-CN'];

export const activityText = (locale: Locale, key: ActivityText): string => TEXTS[locale][key];
