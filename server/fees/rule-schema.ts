import Type from 'typebox';
import { f } from '../resource/fields.ts';
import { CAR_CLASSES } from '../../domain/parking-codes.ts';
import { AFTER_GRACE, BOUNDARY, FREE_MODE, LADDER_SCOPE, WINDOW_KIND } from '../../domain/fee-codes.ts';

/**
 * The TypeBox schema of a rule body (types.ts FeeRuleBody): what the rule form and the calculator
 * send, documented in the OpenAPI description. Each field names itself in its message; the rules
 * across fields (windows covering the day, ladder steps) are `validate.ts`.
 */

/**
 * Upper bounds of a rule's prices, in cents: far above any real tariff, low enough that a stay of
 * years at one-minute units stays an exact integer (below Number.MAX_SAFE_INTEGER).
 */
export const PRICE_LIMITS = { unit: 100_000, visit: 1_000_000, cap: 10_000_000 } as const;

const price = (title: string, max: number) =>
  Type.Integer({ title, minimum: 0, maximum: max, 'x-msg': `${title}必须在0到${max / 100}元之间（以分为单位的整数）` });

const hhmm = (title: string) => Type.String({ title, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', 'x-msg': `${title}格式应为HH:mm，如07:00` });
const nullable = <T extends ReturnType<typeof price>>(s: T, title: string, msg: string) =>
  Type.Union([s, Type.Null()], { title, default: null, 'x-msg': msg });

export function windowSchema(p: string) {
  return Type.Object(
    {
      name: Type.String({ title: `${p}名称`, minLength: 1, maxLength: 20 }),
      start: hhmm(`${p}开始时间`),
      end: hhmm(`${p}结束时间`),
      kind: f.words(`${p}计费方式`, WINDOW_KIND),
      unitMinutes: Type.Optional(f.int(`${p}单位时长`, { min: 1, max: 1440, msg: `${p}单位时长必须是1到1440之间的整数（分钟）` })),
      unitPriceCents: Type.Optional(price(`${p}单位价格`, PRICE_LIMITS.unit)),
      ladder: Type.Optional(
        Type.Array(
          Type.Object(
            {
              minutes: f.int(`${p}首时段时长`, { min: 1, max: 1440, msg: `${p}首时段时长必须是1到1440之间的整数（分钟）` }),
              unitPriceCents: price(`${p}首时段单位价格`, PRICE_LIMITS.unit),
            },
            { required: ['minutes', 'unitPriceCents'] },
          ),
          { title: `${p}首时段`, maxItems: 10, default: [], 'x-msg': `${p}首时段最多10档` },
        ),
      ),
      visitPriceCents: Type.Optional(price(`${p}每次价格`, PRICE_LIMITS.visit)),
      visitRepeatMinutes: Type.Optional(
        Type.Union([f.int(`${p}重新计费时长`, { min: 1, max: 10080 }), Type.Null()], {
          title: `${p}重新计费时长`,
          default: null,
          'x-msg': `${p}重新计费时长必须是1到10080之间的整数（分钟）`,
        }),
      ),
      capCents: Type.Optional(
        nullable(
          price(`${p}封顶金额`, PRICE_LIMITS.cap),
          `${p}封顶金额`,
          `${p}封顶金额必须在0到${PRICE_LIMITS.cap / 100}元之间（以分为单位的整数）`,
        ),
      ),
    },
    { required: ['name', 'start', 'end', 'kind'] },
  );
}

export const ruleBodyFields = {
  freeMinutes: f.int('免费时长', { min: 0, max: 1440, default: 0, msg: '免费时长必须是0到1440之间的整数（分钟）' }),
  freeMode: f.words('免费时长方式', FREE_MODE, { default: 'whole' }),
  boundary: f.words('跨时段计费方式', BOUNDARY, { default: 'perPiece' }),
  ladderScope: f.words('首时段计算范围', LADDER_SCOPE, { default: 'stay' }),
  windows: Type.Array(windowSchema('计费时段'), { title: '计费时段', minItems: 1, maxItems: 24, 'x-msg': '计费时段须有1到24条' }),
  nonWorkingWindows: Type.Union([Type.Array(windowSchema('非工作日时段'), { maxItems: 24 }), Type.Null()], {
    title: '非工作日时段',
    default: null,
    'x-msg': '非工作日时段最多24条',
  }),
  cap24Cents: Type.Array(price('24小时封顶金额', PRICE_LIMITS.cap), {
    title: '24小时封顶金额',
    maxItems: 10,
    default: [],
    'x-msg': '24小时封顶金额最多10档',
  }),
  graceMinutes: f.int('缴费后离场时限', { min: 0, max: 1440, default: 15, msg: '缴费后离场时限必须是0到1440之间的整数（分钟）' }),
  afterGrace: f.words('超时处理方式', AFTER_GRACE, { default: 'totalMinusPaid' }),
  freeCarClasses: Type.Array(f.oneOf('免费车辆类别', CAR_CLASSES, '免费车辆类别只能是1到6'), {
    title: '免费车辆类别',
    default: [],
    maxItems: 6,
    'x-msg': '免费车辆类别只能是1到6',
  }),
};

export const ruleBodySchema = Type.Object(ruleBodyFields, { required: ['windows'] });
