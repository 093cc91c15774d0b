import { badRequest } from '../lib/envelope.ts';
import { compileValidator } from '../resource/validation.ts';
import { clockMinutes } from './clock.ts';
import { ruleBodySchema } from './rule-schema.ts';
import type { FeeRuleBody, FeeWindow } from './types.ts';

/**
 * The rules of a rule body across fields, each answered as the clear Chinese message the user
 * sees, naming the field: windows cover the 24 hours without overlap (orise-admin's "已覆盖所有计费
 * 时段 / 计费时段有重复"), each window has the prices of its kind, ladder steps are whole units.
 */

const clock = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The minutes of the day a window covers, as [start, end) ranges within 0..1440. */
function rangesOf(w: FeeWindow): [number, number][] {
  const s = clockMinutes(w.start);
  const e = clockMinutes(w.end);
  if (e > s) return [[s, e]];
  return [
    [s, 1440],
    [0, e],
  ].filter(([a, b]) => b > a) as [number, number][];
}

/** Null when the windows cover every minute of the day once, else what is wrong. */
export function coverageProblem(windows: FeeWindow[], label: string): string | null {
  const owner: (number | undefined)[] = new Array(1440);
  for (const [i, w] of windows.entries()) {
    for (const [a, b] of rangesOf(w)) {
      for (let m = a; m < b; m++) {
        const o = owner[m];
        if (o !== undefined) {
          let end = m;
          while (end < b && owner[end] === o) end++;
          return `${label}有重复：${windows[o].name}与${w.name}在${clock(m)}–${clock(end)}重叠`;
        }
        owner[m] = i;
      }
    }
  }
  // the first uncovered stretch, read around midnight (18:00–08:00, not 00:00–08:00)
  const free = (m: number) => owner[(m + 1440) % 1440] === undefined;
  let gap = owner.findIndex((o, m) => o === undefined && !free(m - 1));
  if (gap < 0) gap = owner.findIndex((o) => o === undefined);
  if (gap >= 0) {
    let len = 0;
    while (len < 1440 && free(gap + len)) len++;
    return `${label}未覆盖全天：${clock(gap)}–${clock((gap + len) % 1440)}没有计费时段`;
  }
  return null;
}

function windowProblem(w: FeeWindow, n: number, label: string): string | null {
  const who = `${label}第${n}条（${w.name}）`;
  if (w.kind === 'unit') {
    if (w.unitMinutes === undefined) return `${who}按时长计费，须填写单位时长`;
    if (w.unitPriceCents === undefined) return `${who}按时长计费，须填写单位价格`;
    for (const [k, step] of (w.ladder ?? []).entries()) {
      if (step.minutes % w.unitMinutes !== 0) return `${who}首时段第${k + 1}档的时长须是单位时长${w.unitMinutes}分钟的整数倍`;
    }
  }
  if (w.kind === 'visit' && w.visitPriceCents === undefined) return `${who}按次计费，须填写每次价格`;
  return null;
}

/** Null when the body is consistent, else the first problem. */
export function ruleProblem(body: FeeRuleBody): string | null {
  const sets: [FeeWindow[], string][] = [[body.windows, '计费时段']];
  if (body.nonWorkingWindows?.length) sets.push([body.nonWorkingWindows, '非工作日时段']);
  for (const [windows, label] of sets) {
    for (const [i, w] of windows.entries()) {
      const p = windowProblem(w, i + 1, label);
      if (p) return p;
    }
    const p = coverageProblem(windows, label);
    if (p) return p;
  }
  return null;
}

const check = compileValidator(ruleBodySchema);

/** A rule body from the wire: the body with its defaults, or a thrown 400 naming the field. */
export function parseRuleBody(raw: unknown): FeeRuleBody {
  const body = check(raw) as FeeRuleBody;
  const p = ruleProblem(body);
  if (p) throw badRequest(p);
  return body;
}
