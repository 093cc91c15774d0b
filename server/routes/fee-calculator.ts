import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Db } from '../db/database.ts';
import type { TypeBoxProvider } from '../lib/type-provider.ts';
import { badRequest, notFound, ok } from '../lib/envelope.ts';
import { InstantError, toMs } from '../fees/clock.ts';
import { couponProblem, stackingProblem } from '../fees/coupons.ts';
import { issuedCoupons } from '../coupons/redeem.ts';
import { priceStay } from '../fees/engine.ts';
import { describeRule } from '../fees/preview.ts';
import { findRuleForStay, findRuleVersion } from '../fees/rule-lookup.ts';
import { ruleBodySchema } from '../fees/rule-schema.ts';
import type { FeeCoupon, FeeRuleBody, FeeRuleSnapshot } from '../fees/types.ts';
import { CAR_CLASSES } from '../../domain/parking-codes.ts';
import { COUPON_FROM, COUPON_KIND } from '../../domain/fee-codes.ts';
import { ruleProblem } from '../fees/validate.ts';
import { f } from '../resource/fields.ts';
import { assertLots, lotExists } from '../resource/lot-scope.ts';
import { PLATE_COLOR_CODES } from '../services/parking-model.ts';
import { openDebts } from '../arrears/policy.ts';
import { plateQuery } from '../entities/parking-orders.ts';
import { plateCover } from '../cards/cover-lookup.ts';

const instant = (title: string) =>
  Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0 })], {
    title,
    'x-msg': `${title}格式不正确，应为YYYY-MM-DD HH:mm:ss`,
    description: "'YYYY-MM-DD HH:mm:ss' (+08:00), ISO 8601 with offset, or epoch milliseconds",
  });

const coupon = Type.Object(
  {
    kind: f.words('优惠券类型', COUPON_KIND),
    minutes: Type.Optional(f.int('优惠券减免时长', { min: 1, max: 10080, msg: '优惠券减免时长必须是1到10080之间的整数（分钟）' })),
    from: Type.Optional(f.words('减免位置', COUPON_FROM)),
    cents: Type.Optional(f.cents('优惠券减免金额')),
    percent: Type.Optional(f.int('优惠券折扣', { min: 0, max: 100, msg: '优惠券折扣必须是0到100之间的整数（80即八折）' })),
    name: Type.Optional(Type.String({ title: '优惠券名称', maxLength: 50 })),
  },
  { required: ['kind'] },
);

export const calculateBody = Type.Object(
  {
    parkingId: Type.Optional(Type.String({ title: '停车场', maxLength: 64, description: 'price with the rule bound to this lot' })),
    plateNo: Type.Optional(
      Type.String({ title: '车牌号', maxLength: 10, description: "the plate's open debts are answered beside the stay (arrears policy)" }),
    ),
    plateColor: Type.Optional(f.oneOf('车牌颜色', PLATE_COLOR_CODES, '车牌颜色只能是1（白）、2（黄）、3（绿）、4（黑）或5（蓝）')),
    carClass: Type.Optional(f.oneOf('车辆类别', CAR_CLASSES, '车辆类别只能是1到6')),
    ruleId: Type.Optional(Type.String({ title: '计费规则', maxLength: 64, description: 'price with this saved rule' })),
    version: Type.Optional(f.int('规则版本', { min: 1, msg: '规则版本必须是正整数' })),
    rule: Type.Optional(
      Type.Object(ruleBodySchema.properties, {
        title: '规则内容',
        required: ['windows'],
        description: 'an unsaved rule body, tried before it is saved',
      }),
    ),
    entryTime: instant('入场时间'),
    exitTime: Type.Optional(instant('出场时间')),
    coupons: Type.Optional(Type.Array(coupon, { title: '优惠券', maxItems: 10, default: [], 'x-msg': '优惠券最多10张' })),
    couponNo: Type.Optional(
      Type.String({
        title: '优惠券券号',
        maxLength: 200,
        description: 'issued coupons (发券记录) to price with, separated by commas or spaces',
      }),
    ),
    payments: Type.Optional(
      Type.Array(Type.Object({ payTime: instant('缴费时间'), cents: f.cents('已缴金额') }, { required: ['payTime', 'cents'] }), {
        title: '已缴费用',
        maxItems: 20,
        default: [],
        'x-msg': '已缴费用最多20笔',
      }),
    ),
  },
  { required: ['entryTime'] },
);

interface CalcBody {
  parkingId?: string;
  plateNo?: string;
  plateColor?: number;
  carClass?: number;
  ruleId?: string;
  version?: number;
  rule?: FeeRuleBody;
  entryTime: string | number;
  exitTime?: string | number;
  coupons?: FeeCoupon[];
  couponNo?: string;
  payments?: { payTime: string | number; cents: number }[];
}

/** An instant from the wire, or a 400 naming the field: a 30 February is refused, never rolled over. */
const ms = (v: string | number, title: string): number => {
  try {
    const n = typeof v === 'number' && v < 1e11 ? v * 1000 : toMs(v);
    if (!Number.isFinite(n)) throw new RangeError();
    return n;
  } catch (e) {
    if (e instanceof InstantError && !e.message.startsWith('无法识别')) throw badRequest(`${title}有误：${e.message}`);
    throw badRequest(`${title}格式不正确，应为YYYY-MM-DD HH:mm:ss`);
  }
};

/** 计费试算: a stay priced by the engine with a lot's bound rule, a saved rule version, or an unsaved rule body. */
export function registerFeeCalculator(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/api/fee/Calculate',
    { schema: { body: calculateBody }, config: { access: { menus: ['feeCalculator', 'feeRule'] } } },
    async (req) => {
      const b: CalcBody = req.body;
      const entry = ms(b.entryTime, '入场时间');
      const exit = b.exitTime === undefined ? Date.now() : ms(b.exitTime, '出场时间');
      if (exit < entry) throw badRequest('出场时间不能早于入场时间');
      if (exit - entry > 366 * 86_400_000) throw badRequest('试算的停放时长不能超过366天');
      for (const [i, c] of (b.coupons ?? []).entries()) {
        const problem = couponProblem(c, i + 1);
        if (problem) throw badRequest(problem);
      }
      // a named lot is the caller's, whichever rule prices the stay: its cards and debts are read below
      if (b.parkingId) {
        assertLots(req, b.parkingId);
        if (!(await lotExists(db, b.parkingId))) throw badRequest(`停车场不存在：${b.parkingId}`);
      }
      let rule: FeeRuleSnapshot | null;
      let source: 'body' | 'rule' | 'lot';
      if (b.rule) {
        const problem = ruleProblem(b.rule);
        if (problem) throw badRequest(problem);
        rule = { ...b.rule, ruleId: null, version: null, ruleName: '未保存的规则' };
        source = 'body';
      } else if (b.ruleId) {
        rule = await findRuleVersion(db, b.ruleId, b.version);
        if (!rule) throw notFound();
        source = 'rule';
      } else if (b.parkingId) {
        rule = await findRuleForStay(db, { lotId: b.parkingId, plateColor: b.plateColor ?? null, carClass: b.carClass ?? null, at: entry });
        if (!rule) throw badRequest('该停车场没有适用于此车牌颜色和车辆类别的启用计费规则');
        source = 'lot';
      } else throw badRequest('请选择停车场或计费规则');
      // issued coupons by number: each refused with its reason (used, expired, void, another plate or lot)
      const issued = b.couponNo ? await issuedCoupons(db, req, b.couponNo, { plateNo: b.plateNo, parkingId: b.parkingId, at: exit }) : [];
      const stacking = stackingProblem([...(b.coupons ?? []), ...issued]);
      if (stacking) throw badRequest(stacking);
      // the plate's monthly or group card at the lot: its days and hours are not charged (§7.3)
      const cards =
        b.plateNo && b.parkingId
          ? await plateCover(db, { lotId: b.parkingId, plate: plateQuery(b.plateNo), entry, exit, withGroup: true })
          : null;
      const bill = priceStay({
        rule,
        cover: cards?.cover,
        entry,
        exit,
        carClass: b.carClass,
        plateColor: b.plateColor,
        coupons: [...(b.coupons ?? []), ...issued],
        payments: (b.payments ?? []).map((p) => ({ at: ms(p.payTime, '缴费时间'), cents: p.cents })),
      });
      // the exit's bill shows the plate's old debts beside the current stay (arrears policy)
      const arrears = b.plateNo ? await openDebts(db, req, plateQuery(b.plateNo), b.parkingId) : undefined;
      return ok({ ...bill, source, preview: describeRule(rule), arrears, cards: cards?.cards.map((c) => ({ ...c, holdFrom: undefined })) });
    },
  );
}
