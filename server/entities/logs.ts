import Type from 'typebox';
import { CSV_TYPE, csvText } from '../lib/csv.ts';
import { badRequest } from '../lib/envelope.ts';
import { OPER_ACTION, OPER_MODULE } from '../../domain/oper-log-codes.ts';
import { type Filter, type Row, defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';

/** 操作日志 and 登录日志: read-only lists written by the writes and sign-ins themselves. */

/** A time bound: epoch seconds (10 digits) or milliseconds, or a date and time ('2024-05-01 08:00:00') from year 1000 (the database has no year 0). */
const TIME_RE = /^(\d{10,13}|[1-9]\d{3}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?)$/;

function since(title: string, op: '>=' | '<='): Filter {
  return {
    schema: Type.String({ title, pattern: TIME_RE.source, 'x-msg': `${title}格式不正确` }),
    where: (eb, v: string) => {
      const d = /^\d+$/.test(v) ? new Date(Number(v.length === 10 ? `${v}000` : v)) : new Date(v.replace(' ', 'T'));
      if (Number.isNaN(d.getTime())) throw badRequest(`${title}格式不正确`);
      return eb('createdAt', op, d);
    },
  };
}

const common = {
  account: filter.keyword(['account'], '账号'),
  startTime: since('开始时间', '>='),
  endTime: since('结束时间', '<='),
  ip: filter.eq('ip', f.text('IP', 64)),
};

/** the answers name the time createTime, as every other list does */
const withCreateTime = ({ createdAt, ...r }: Row): Row => ({ ...r, createTime: createdAt });

export const operLogs = defineResource({
  table: 'operLog',
  path: '/api/system/Log/oper',
  idPrefix: '',
  module: 'oper_log',
  fields: {},
  required: [],
  filters: {
    ...common,
    action: filter.eq('action', f.words('操作类型', OPER_ACTION)),
    module: filter.eq('module', f.words('模块', OPER_MODULE)),
    recordId: filter.eq('recordId', f.text('记录ID', 64)),
    keyword: filter.keyword(['detail']),
  },
  orderBy: [['id', 'desc']],
  access: { list: { menus: ['operLog'] }, get: false },
  describe: () => '',
  export: {
    button: 'operLog:export',
    fileName: '操作日志.csv',
    file: async (rows) => ({
      body: csvText(
        [
          ['createTime', '时间'],
          ['account', '账号'],
          ['action', '操作'],
          ['module', '模块'],
          ['recordId', '记录'],
          ['detail', '内容'],
          ['ip', 'IP'],
        ],
        rows,
      ),
      type: CSV_TYPE,
    }),
  },
  toJson: withCreateTime,
});

export const loginLogs = defineResource({
  table: 'loginLog',
  path: '/api/system/Log/login',
  idPrefix: '',
  module: 'login_log',
  fields: {},
  required: [],
  filters: {
    ...common,
    success: {
      schema: Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()], { title: '结果', 'x-msg': '登录结果筛选值不正确' }),
      where: (eb, v: number | boolean) => eb('success', '=', v === 1 || v === true),
    },
  },
  orderBy: [['id', 'desc']],
  access: { list: { menus: ['loginLog'] }, get: false },
  describe: () => '',
  export: {
    button: 'loginLog:export',
    fileName: '登录日志.csv',
    file: async (rows) => ({
      body: csvText(
        [
          ['createTime', '时间'],
          ['account', '账号'],
          ['success', '成功'],
          ['reason', '原因'],
          ['ip', 'IP'],
          ['userAgent', '浏览器'],
        ],
        rows,
      ),
      type: CSV_TYPE,
    }),
  },
  toJson: (r) => ({ ...withCreateTime(r), success: r.success ? 1 : 0 }),
});
