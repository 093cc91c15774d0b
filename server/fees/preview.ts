import { yuan } from '../../domain/money.ts';
import { CAR_CLASS } from '../../domain/parking-codes.ts';
import type { FeeRuleBody, FeeWindow } from './types.ts';

/**
 * A rule in one human sentence, as the rule list and the form show it (Alipay's `remark`):
 * "白天 07:00–19:00 每30分钟1.50元，封顶15.00元；夜间 19:00–07:00 5.00元/次。停放不足30分钟免费…".
 */

function duration(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60}小时`;
  return `${minutes}分钟`;
}

function windowText(w: FeeWindow): string {
  const span = `${w.name} ${w.start}–${w.end}`;
  const cap = w.capCents != null ? `，封顶${yuan(w.capCents)}元` : '';
  if (w.kind === 'free') return `${span} 免费`;
  if (w.kind === 'visit') {
    const repeat = w.visitRepeatMinutes ? `，每${duration(w.visitRepeatMinutes)}重新计费` : '';
    return `${span} ${yuan(w.visitPriceCents ?? 0)}元/次${repeat}${cap}`;
  }
  const unit = w.unitMinutes ?? 0;
  const steps = (w.ladder ?? []).map(
    (s, i) => `${i === 0 ? '首' : '其后'}${duration(s.minutes)}${s.minutes === unit ? '' : `每${unit}分钟`}${yuan(s.unitPriceCents)}元`,
  );
  const rest = `${steps.length ? '之后' : ''}每${unit}分钟${yuan(w.unitPriceCents ?? 0)}元`;
  return `${span} ${[...steps, rest].join('，')}${cap}`;
}

export function describeRule(body: FeeRuleBody): string {
  const parts: string[] = [];
  const day = body.windows.map(windowText).join('；');
  if (body.nonWorkingWindows?.length) {
    parts.push(`工作日：${day}`);
    parts.push(`非工作日：${body.nonWorkingWindows.map(windowText).join('；')}`);
  } else parts.push(day);
  if (body.freeMinutes > 0) {
    parts.push(
      body.freeMode === 'whole' ? `停放不足${body.freeMinutes}分钟免费，超过从入场时间起计费` : `免费${body.freeMinutes}分钟，超过部分计费`,
    );
  }
  parts.push(body.boundary === 'perPiece' ? '跨时段各自取整' : '跨时段时不足一个单位按前一时段补足');
  if (body.windows.some((w) => w.kind === 'unit' && w.ladder?.length))
    parts.push(body.ladderScope === 'stay' ? '首时段按整次停放计算' : '首时段每天重新计算');
  if (body.cap24Cents.length) {
    const caps = body.cap24Cents.map((c, i) =>
      i === body.cap24Cents.length - 1 && i > 0 ? `此后每24小时${yuan(c)}元` : `${i === 0 ? '' : `第${i + 1}个`}24小时封顶${yuan(c)}元`,
    );
    parts.push(caps.join('，'));
  }
  if (body.freeCarClasses.length) parts.push(`${body.freeCarClasses.map((c) => CAR_CLASS[c] ?? c).join('、')}免费`);
  if (body.graceMinutes === 0)
    parts.push(body.afterGrace === 'totalMinusPaid' ? '缴费后未离场补缴差额' : '缴费后未离场从缴费时间起重新计费');
  else
    parts.push(
      body.afterGrace === 'totalMinusPaid'
        ? `缴费后${body.graceMinutes}分钟内离场不再收费，超时补缴差额`
        : `缴费后${body.graceMinutes}分钟内离场不再收费，超时从缴费时间起重新计费`,
    );
  return `${parts.join('。')}。`;
}
