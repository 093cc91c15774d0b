import { localeStore } from './index';
import { translateText, type TextTable } from './page-texts';
import { textTableStore } from './text-table';

/**
 * Messages the console shows from the server (`msg`) and from its error catalogue
 * (src/api/error-catalogue.ts), in English. The server answers in Chinese; the client knows its
 * fixed wordings and the shapes of its field messages ("<field>不能为空"), whose field title goes
 * through the pages' translation table like a label. A message it does not know stays as sent.
 */
const EXACT: Record<string, string> = {
  // error catalogue titles
  服务错误: 'Server error',
  网络请求超时: 'The request timed out',
  接口请求失败: 'The request failed',
  没有权限: 'Not permitted',
  错误: 'Error',
  // server/lib/envelope.ts
  '登录状态已过期，请重新登录': 'Your session has expired, please sign in again',
  没有权限访问该资源: 'You have no permission for this resource',
  记录不存在: 'The record does not exist',
  接口不存在: 'No such API',
  服务器内部错误: 'Internal server error',
  '数据库暂不可用，请稍后重试': 'The database is unavailable for the moment, please try again shortly',
  请求参数格式不正确: 'The request parameters are malformed',
  新建成功: 'Created',
  修改成功: 'Saved',
  删除成功: 'Deleted',
  保存成功: 'Saved',
  操作成功: 'Done',
  记录已存在: 'The record already exists',
  请求内容过大: 'The request is too large',
  不支持的请求内容类型: 'Unsupported content type',
  请求地址过长: 'The request address is too long',
  请求地址格式不正确: 'The request address is malformed',
  请求参数包含不允许的控制字符: 'The request contains control characters that are not allowed',
  接口返回的数据格式不正确: 'The server answered in an unexpected format',
  无权访问其他停车场的数据: "You have no access to other lots' data",
  所属停车场不存在: 'The lot does not exist',
  所属区域不属于该停车场: 'The area does not belong to this lot',
  不能禁用当前登录的账号: 'You cannot disable the account you are signed in with',
  限定了停车场范围的用户不能新增停车场: 'A user limited to some lots cannot add lots',
  验证码错误或已过期: 'The captcha is wrong or has expired',
  验证码已发送: 'Code sent',
  登录成功: 'Signed in',
  登录尝试过于频繁: 'Too many sign-in attempts',
  重置密码成功: 'Password reset',
  账号或密码错误: 'Wrong account or password',
  长租结束日期不能早于开始日期: 'The rental end date cannot be before its start date',
  // field rules of domain/field-rules.ts, shown beside a field
  请输入正确的电话号码: 'Please enter a valid phone number',
  请输入正确的电子邮箱: 'Please enter a valid e-mail address',
  '请输入以 http://、https://、mailto: 或 tel: 开头的正确链接':
    'Please enter a valid link starting with http://, https://, mailto: or tel:',
  '请输入正确的车牌号，如 粤B12345 或 粤BD12345': 'Please enter a valid plate number, e.g. 粤B12345 or 粤BD12345',
  密码至少6位且必须包含数字和字母: 'The password needs at least 6 characters, with both digits and letters',
  '密码至少6位，且必须包含数字和字母': 'The password needs at least 6 characters, with both digits and letters',
  密码格式不正确: 'The password is not valid',
  '只能包含字母、数字或下划线，以字母开头，2-50位': 'Letters, digits or underscores, starting with a letter, 2-50 characters',
  '只能包含字母、数字、下划线、点、@或短横线，2-50位': 'Letters, digits, underscores, dots, @ or hyphens, 2-50 characters',
  '只能包含字母、数字或短横线，1-20位': 'Letters, digits or hyphens, 1-20 characters',
  '按钮编码格式应为 实体:操作': 'A button code is entity:action',
  IP地址格式不正确: 'The IP address is not valid',
  '有字段填写不正确，请按字段下方的提示修改': 'Some fields are not valid: see the messages below them',
  // typed numbers (domain/input-filters.ts): money and whole-number inputs, and what a number input refuses
  金额不能小于0: 'The amount cannot be below 0',
  金额最多两位小数: 'An amount has at most 2 decimals',
  '金额只能包含数字和小数点，如 12.50': 'An amount is digits and a decimal point, e.g. 12.50',
  金额过大: 'The amount is too large',
  '只能输入数字、小数点和开头的负号': 'Digits, a decimal point and a leading minus sign only',
  只能输入整数: 'Whole numbers only',
  // a select's options that did not load (src/amis/extensions/lookup-names.ts)
  选项列表加载失败: 'The options could not be loaded',
  // monthly and group cards (server/cards/*, server/entities/*card*.ts)
  支付开卡成功: 'Paid: the card is open',
  续费成功: 'Renewed',
  冻结成功: 'Frozen',
  解冻成功: 'Unfrozen',
  请选择支付渠道: 'Please choose a pay channel',
  请填写车牌号: 'Please enter a plate',
  请选择适用停车场: 'Please choose the lots',
  按天计的产品须填写天数: 'A product counted in days needs its number of days',
  该月卡产品已停用: 'This monthly card product is disabled',
  该月卡产品不适用于所选停车场: 'This monthly card product does not apply at the chosen lot',
  请输入完整的11位手机号: 'Please enter the whole 11-digit mobile number',
  结束日期不能早于开始日期: 'The end date cannot be before the start date',
  '团体卡不能续费，请新办': 'A group card cannot be renewed: open a new one',
  '只能删除待支付的月卡；已支付的月卡请冻结或退款': 'Only an unpaid monthly card can be deleted; freeze or refund a paid one',
  '只能删除待支付的团体卡；已支付的团体卡请冻结': 'Only an unpaid group card can be deleted; freeze a paid one',
  '该产品已办理月卡，不能删除，可改为停用': 'Cards were opened on this product: it cannot be deleted, disable it instead',
};

const CARD_KIND: Record<string, string> = { 月卡: 'monthly card', 团体卡: 'group card' };
const CARD_EVENT: Record<string, string> = { 支付开卡: 'pay and open it', 续费: 'renew it', 冻结: 'freeze it', 解冻: 'unfreeze it' };

/** "<field> must", or "Must" when the message stands beside its field without a title. */
const must = (field: (text: string) => string, title: string) => (title ? `${field(title)} must` : 'Must');
const number = (kind: string) => (kind === '整数' ? 'a whole number' : 'a number');

type Rule = [RegExp, (field: (text: string) => string, ...groups: string[]) => string];

/** The server's field messages (server/resource/validation.ts, fields.ts and the entities' unique rules). */
const RULES: Rule[] = [
  [/^此项不能为空$/, () => 'This field is required'],
  [/^(.+)不能为空$/, (f, a) => `${f(a)} is required`],
  [
    /^只能包含字母、数字、下划线或短横线，(\d+)-(\d+)位$/,
    (_f, min, max) => `Letters, digits, underscores or hyphens, ${min}-${max} characters`,
  ],
  [/^(.*)必须是不小于(-?[\d.]+)的(整数|数字)$/, (f, a, min, kind) => `${must(f, a)} be ${number(kind)} of ${min} or more`],
  [/^(.*)必须是不大于(-?[\d.]+)的(整数|数字)$/, (f, a, max, kind) => `${must(f, a)} be ${number(kind)} of ${max} or less`],
  [/^必须是(-?[\d.]+)到(-?[\d.]+)之间的(整数|数字)$/, (_f, min, max, kind) => `Must be ${number(kind)} from ${min} to ${max}`],
  [/^(.+)不能超过(\d+)个字符$/, (f, a, n) => `${f(a)} must be at most ${n} characters`],
  [/^(.+)格式不正确，应为(.+)$/, (f, a, b) => `${f(a)} must be in the format ${b}`],
  [/^(.+)格式不正确$/, (f, a) => `${f(a)} is not valid`],
  [/^(.+)已存在$/, (f, a) => `${f(a)} already exists`],
  [/^(.+)不存在$/, (f, a) => `${f(a)} does not exist`],
  [/^(.+)必须是(-?\d+)到(-?\d+)之间的整数$/, (f, a, min, max) => `${f(a)} must be a whole number from ${min} to ${max}`],
  [/^(.+)必须是-?(\d+)到(\d+)之间的数字$/, (f, a, min, max) => `${f(a)} must be a number from -${min} to ${max}`],
  [/^(.+)必须是不小于0的整数（分）$/, (f, a) => `${f(a)} must be a whole number of cents, 0 or more`],
  [/^(.+)必须是非负整数$/, (f, a) => `${f(a)} must be a whole number, 0 or more`],
  [/^(.+)必须是正整数$/, (f, a) => `${f(a)} must be a positive whole number`],
  [/^(.+)必须是整数$/, (f, a) => `${f(a)} must be a whole number`],
  [/^(.+)只能是true或false$/, (f, a) => `${f(a)} must be true or false`],
  [/^最多(\d+)位小数$/, (_f, n) => `At most ${n} decimals`],
  [/^(.+)列表加载失败$/, (f, a) => `The list of ${f(a)} could not be loaded`],
  [/^不支持的参数：(.+)$/, (_f, a) => `Unsupported parameter: ${a}`],
  [/^不是有效的链接地址：(.*)$/s, (_f, a) => `Not a valid link: ${a}`],
  [/^操作失败（(.+)）$/, (_f, code) => `The operation failed (${code})`],
  [/^复制成功，车牌：(.+)$/, (_f, plate) => `Copied: plate ${plate}`],
  [/^第(\d+)条(.+)$/, (f, n, rest) => `Item ${n}: ${localize(rest, f)}`],
  [
    /^车牌(.+)已在本停车场的(月卡|团体卡)(.+)上，不能重复办理$/,
    (_f, plate, kind, no) => `Plate ${plate} is already on ${CARD_KIND[kind]} ${no} of this lot`,
  ],
  [
    /^卡当前状态为“(.+)”，不能(.+)$/,
    (f, state, event) => `The card is ${f(`dict:${state}`).replace(/^dict:/, '')}: you cannot ${CARD_EVENT[event] ?? f(event)}`,
  ],
  [
    /^该卡已过期(\d+)天，超过可续费期限(\d+)天，请重新办理$/,
    (_f, days, limit) => `The card expired ${days} days ago, past the ${limit} days it may be renewed in: open a new one`,
  ],
  [/^该产品单次最多购买(\d+)个周期$/, (_f, n) => `This product sells at most ${n} periods at a time`],
];

function localize(message: string, field: (text: string) => string): string {
  if (Object.prototype.hasOwnProperty.call(EXACT, message)) return EXACT[message];
  const translated = field(message);
  if (translated !== message) return translated;
  for (const [pattern, render] of RULES) {
    const m = pattern.exec(message);
    if (m) return render(field, ...m.slice(1));
  }
  return message;
}

/**
 * One message in English: known wordings, field messages, and messages joined with "：" (the
 * catalogue's "服务错误：<server msg>", a server's "<msg>：<codes>") part by part.
 */
export function englishMessage(message: string, table: TextTable): string {
  const field = (text: string) => translateText(text, table);
  const whole = localize(message, field);
  if (whole !== message || !message.includes('：')) return whole;
  return message
    .split('：')
    .map((part) => localize(part, field).replace(/、/g, ', '))
    .join(': ');
}

/** A message for the reader in the current language (zh-CN: as sent). */
export function localizeMessage(message: string): string;
export function localizeMessage(message: string | undefined): string | undefined;
export function localizeMessage(message: string | undefined): string | undefined {
  if (!message || localeStore.locale === 'zh-CN') return message;
  textTableStore.start();
  return englishMessage(message, textTableStore.table);
}
