import { translateText, type TextTable } from './page-texts';

/**
 * The fee engine's sentences in English: a rule's description (server/fees/preview.ts), the pieces
 * and parts of a bill's lines (span.ts) and its notes and coupon names (engine.ts). The server
 * writes them in Chinese from a few fixed clauses with numbers in them; the console knows those
 * clauses, as it knows the server's field messages (server-messages.ts). Names a rule gives its
 * time bands (白天, 夜间) go through the pages' table; a clause it does not know stays as sent.
 */

type Name = (text: string) => string;
type Clause = [RegExp, (name: Name, ...groups: string[]) => string];

const span = (amount: string, unit: string) => `${amount} ${unit === '小时' ? 'h' : 'min'}`;

const CLAUSES: Clause[] = [
  // a time band: "白天 07:00–19:00 每30分钟1.50元"
  [/^(\S+) (\d\d:\d\d)–(\d\d:\d\d) (.+)$/, (n, name, from, to, rest) => `${n(name)} ${from}–${to} ${clause(rest, n)}`],
  [/^(\S+) (\d\d:\d\d)–(\d\d:\d\d)$/, (n, name, from, to) => `${n(name)} ${from}–${to}`],
  [/^免费$/, () => 'free'],
  [/^全免$/, () => 'free of charge'],
  [/^([\d.]+)元\/次$/, (_n, yuan) => `CNY ${yuan} per visit`],
  [/^每(\d+)(小时|分钟)重新计费$/, (_n, amount, unit) => `charged again every ${span(amount, unit)}`],
  [/^封顶([\d.]+)元$/, (_n, yuan) => `capped at CNY ${yuan}`],
  [/^首(\d+)(小时|分钟)([\d.]+)元$/, (_n, amount, unit, yuan) => `first ${span(amount, unit)} CNY ${yuan}`],
  [
    /^(首|其后)(\d+)(小时|分钟)每(\d+)分钟([\d.]+)元$/,
    (_n, which, amount, unit, per, yuan) => `${which === '首' ? 'first' : 'next'} ${span(amount, unit)} CNY ${yuan} per ${per} min`,
  ],
  [/^其后(\d+)(小时|分钟)([\d.]+)元$/, (_n, amount, unit, yuan) => `next ${span(amount, unit)} CNY ${yuan}`],
  [/^之后每(\d+)分钟([\d.]+)元$/, (_n, per, yuan) => `then CNY ${yuan} per ${per} min`],
  [/^每(\d+)分钟([\d.]+)元$/, (_n, per, yuan) => `CNY ${yuan} per ${per} min`],
  [/^首时段每(\d+)分钟([\d.]+)元$/, (_n, per, yuan) => `first steps: CNY ${yuan} per ${per} min`],
  [/^每(\d+)分钟([\d.]+)元（按次）$/, (_n, per, yuan) => `CNY ${yuan} per ${per} min (per visit)`],
  [/^停放不足(\d+)分钟免费$/, (_n, m) => `stays under ${m} min are free`],
  [/^停放不足(\d+)分钟$/, (_n, m) => `stay under ${m} min`],
  [/^超过从入场时间起计费$/, () => 'longer ones are charged from entry'],
  [/^从入场时间起计费$/, () => 'charged from entry'],
  [/^免费(\d+)分钟$/, (_n, m) => `first ${m} min free`],
  [/^超过部分计费$/, () => 'the rest is charged'],
  [/^跨时段各自取整$/, () => 'each band rounds up on its own'],
  [/^跨时段时不足一个单位按前一时段补足$/, () => "a unit cut by a band change is completed at the earlier band's price"],
  [/^首时段按整次停放计算$/, () => 'first steps count once per stay'],
  [/^首时段每天重新计算$/, () => 'first steps start again each day'],
  [/^此后每24小时([\d.]+)元$/, (_n, yuan) => `then CNY ${yuan} per 24 h`],
  [/^24小时封顶([\d.]+)元$/, (_n, yuan) => `24 h cap CNY ${yuan}`],
  [/^第(\d+)个24小时封顶([\d.]+)元$/, (_n, nth, yuan) => `cap of 24 h period ${nth}: CNY ${yuan}`],
  [/^24小时封顶$/, () => '24 h cap'],
  [/^缴费后未离场补缴差额$/, () => 'not leaving after paying: the difference is due'],
  [/^缴费后未离场从缴费时间起重新计费$/, () => 'not leaving after paying: charged again from payment'],
  [/^缴费后(\d+)分钟内离场不再收费$/, (_n, m) => `leaving within ${m} min of paying costs nothing more`],
  [/^缴费后(\d+)分钟内离场$/, (_n, m) => `left within ${m} min of paying`],
  [/^不再收费$/, () => 'nothing more is charged'],
  [/^缴费后超过(\d+)分钟未离场$/, (_n, m) => `still in the lot ${m} min after paying`],
  [/^超时补缴差额$/, () => 'later, the difference is due'],
  [/^补缴差额$/, () => 'the difference is due'],
  [/^超时从缴费时间起重新计费$/, () => 'later, charged again from payment'],
  [/^从缴费时间起重新计费（无免费时长）$/, () => 'charged again from payment (no free minutes)'],
  // a date past the state holiday calendar (engine.ts calendarNotes)
  [/^节假日日历只收录(\d{4})–(\d{4})年$/, (_n, first, last) => `the holiday calendar covers ${first}–${last} only`],
  [
    /^(\d{4}-\d{2}-\d{2})起按普通周计价（周一至周五为工作日）$/,
    (_n, date) => `from ${date} priced as an ordinary week (Monday to Friday are working days)`,
  ],
  [/^免费时段$/, () => 'free hours'],
  [/^免费时长$/, () => 'free minutes'],
  [/^免费车辆$/, () => 'free vehicle'],
  [/^该车辆类别免费停放$/, () => 'this vehicle class parks free'],
  [/^扣除免费时长(\d+)分钟后计费$/, (_n, m) => `charged after the first ${m} free min`],
  [/^停放超过(\d+)分钟$/, (_n, m) => `stay over ${m} min`],
  [/^减免(\d+)分钟$/, (_n, m) => `${m} min off`],
  [/^减免([\d.]+)元$/, (_n, yuan) => `CNY ${yuan} off`],
  [/^([\d.]+)折$/, (_n, tenths) => `${Math.round(100 - Number(tenths) * 10)}% off`],
  // "白天封顶15.00元" (a band's cap line) and "白天封顶" (its piece)
  [/^(\S+?)封顶([\d.]+)元$/, (n, name, yuan) => `${n(name)} cap CNY ${yuan}`],
  [/^(\S+?)封顶$/, (n, name) => `${n(name)} cap`],
  // a card's cover of a stay (server/fees/card-cover.ts): "月卡YK2024…有效（全天），不计费"
  [
    /^(月卡|团体卡)(\S+?)有效（(.+)）$/,
    (n, kind, no, hours) => `${kind === '月卡' ? 'monthly card' : 'group card'} ${no} valid (${n(hours)})`,
  ],
  [/^不计费$/, () => 'not charged'],
  [/^与卡覆盖时段相邻不足(\d+)分钟$/, (_n, m) => `under ${m} min next to a card's time`],
  [/^卡覆盖的时段不计费$/, () => "a card's time is not charged"],
  [/^其余时段按临时车计费$/, () => 'the rest is charged as a temporary stay'],
  // "临时车、白名单免费": free vehicle classes
  [/^(\S+(、\S+)*)免费$/, (n, classes) => `${classes.split('、').map(n).join(', ')} free`],
];

function clause(text: string, name: Name): string {
  for (const [pattern, render] of CLAUSES) {
    const m = pattern.exec(text);
    if (m) return render(name, ...m.slice(1));
  }
  return name(text);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One fee text in English: sentences (。), their parts (；) and clauses (，), each known clause
 * translated; "工作日：…" and "非工作日：…" name the calendar a part applies to.
 */
export function englishFeeText(text: string, table: TextTable): string {
  const name: Name = (t) => translateText(t, table, 'dict');
  const part = (p: string): string => {
    const calendar = /^(工作日|非工作日)：(.+)$/.exec(p);
    if (calendar) return `${calendar[1] === '工作日' ? 'Working days' : 'Non-working days'}: ${part(calendar[2])}`;
    return p
      .split('，')
      .map((c) => clause(c, name))
      .join(', ');
  };
  const sentences = text.split('。').filter(Boolean);
  const english = sentences.map((s) => capital(s.split('；').map(part).join('; ')));
  return english.join('. ') + (text.endsWith('。') ? '.' : '');
}
