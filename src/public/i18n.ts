import { useSyncExternalStore } from 'react';

/**
 * The public pages' words, Chinese by default and English by the switch. The choice is the
 * console's own (`language` cookie, src/i18n/index.ts), so a switch here holds there and back.
 */

export type Locale = 'zh-CN' | 'en-US';

const zh = {
  'lang.switch': 'English',
  'lang.switchLabel': 'Switch to English',
  loading: '加载中…',
  retry: '重试',
  refresh: '刷新',
  back: '返回',
  'error.title': '出错了',
  'error.network': '网络连接失败，请检查网络后重试',
  'notFound.title': '页面不存在',
  'notFound.text': '请重新扫描二维码',
  'title.pda': '扫码支付',
  'title.groupCard': '团体卡',
  'title.groupCardInfo': '团体卡详情',

  'bill.heading': '停车缴费',
  'bill.orderHeading': '订单详情',
  'bill.lot': '停车场',
  'bill.lane': '车道',
  'bill.plate': '车牌',
  'bill.plateColor': '{color}牌',
  'bill.entryTime': '入场时间',
  'bill.duration': '停车时长',
  'bill.space': '车位号',
  'bill.freeMinutes': '免费时长',
  'bill.minutes': '{n}分钟',
  'bill.total': '停车费',
  'bill.discount': '优惠',
  'bill.paid': '已付',
  'bill.payable': '本次应付',
  'bill.arrears': '欠费记录',
  'bill.arrearsSummary': '共{n}笔，合计{amount}',
  'bill.arrearsExit': '{time} 离场',
  'bill.arrearsOrder': '订单号 {no}',
  'bill.due': '合计应付',
  'bill.dueNote': '含本次停车费与欠费，一次付清',
  'bill.leaveWithin': '支付后请在{n}分钟内离场',
  'bill.noCar.title': '请将车辆驶至道闸前',
  'bill.noCar.text': '车辆到达出口道闸后，点击“刷新”查看账单',
  'bill.unplated.title': '无牌车请用入场时扫码的手机扫码出场',
  'bill.unplated.text': '本手机没有该车的入场凭证。请用入场时扫码的手机扫描此码，或联系车场工作人员。',
  'entry.heading': '无牌车入场',
  'entry.text': '车辆没有车牌，请扫码领取入场凭证后入场。出场时请用本手机扫描出口二维码缴费。',
  'entry.button': '领取凭证并入场',
  'entry.done': '道闸已开启，请入场',
  'entry.doneText': '入场凭证已保存在本手机。出场时请用本手机扫描出口二维码。',
  'entry.view': '查看本次停车',
  'bill.free.title': '无需缴费',
  'bill.free.text': '本次停车无需缴费，请慢行离场',
  'bill.card.month': '月卡有效，无需缴费',
  'bill.card.group': '团体卡有效，无需缴费',
  'bill.card.text': '本次停车由卡抵扣，请慢行离场',
  'bill.card.no': '卡号',
  'bill.card.valid': '有效期至',
  'bill.card.renew': '续费',
  'renew.title': '月卡续费',
  'renew.periods': '续费时长',
  'renew.periodsN': '{n}个周期',
  'renew.newPeriod': '续费后有效期',
  'renew.amount': '续费金额',
  'result.renewed': '续费成功，月卡{cardNo}有效期至{date}',
  'bill.paid.title': '已缴费',
  'bill.paid.leaveBefore': '请在 {time} 前离场',
  'bill.paid.left': '剩余约 {n} 分钟',
  'bill.paid.overdue': '已超过离场时间，出场时可能需补缴',
  'bill.exited': '车辆已离场',
  'bill.leave': '开闸出场',
  'bill.opened': '道闸已开启，请通行',

  'pay.channel': '支付方式',
  'pay.wechat': '微信支付',
  'pay.alipay': '支付宝',
  'pay.button': '支付 {amount}',
  'pay.starting': '正在创建支付…',
  'pay.sheetTitle': '模拟钱包',
  'pay.sheet.1': '模拟微信支付：确认支付 {amount}',
  'pay.sheet.2': '模拟支付宝支付：确认支付 {amount}',
  'pay.sheet.any': '模拟支付：确认支付 {amount}',
  'pay.sheetNote': '演示环境的模拟支付，不会产生真实扣款',
  'pay.confirm': '确认支付',
  'pay.confirming': '正在支付…',
  'pay.cancel': '取消',
  'pay.fail': '支付失败',

  'result.heading': '支付结果',
  'result.checking': '正在确认支付结果…',
  'result.paid': '支付成功',
  'result.amount': '支付金额',
  'result.paidAt': '支付时间',
  'result.leaveBefore': '请在 {time} 前离场',
  'result.exited': '车辆已离场',
  'result.unapplied': '款项已收到，但订单已变更，管理员将原路退款',
  'result.closed': '支付未完成',
  'result.closedText': '本次支付已关闭，未扣款。请重新扫码支付。',
  'result.closed.cancelled': '支付已取消',
  'result.closed.failed': '支付失败',
  'result.closed.expired': '支付超时，已关闭',
  'result.refunded': '未入账的 {amount} 已原路退回',
  'result.timeout': '暂未收到支付结果',
  'result.timeoutText': '如已付款，请稍后点击“重新查询”，请勿重复支付。',
  'result.recheck': '重新查询',
  'result.missing': '缺少支付单号，请重新扫码',

  'gc.heading': '团体卡查询',
  'gc.cardNo': '卡号',
  'gc.cardNoHint': '输入卡号，或扫描团体卡二维码',
  'gc.query': '查询',
  'gc.required': '请输入卡号',
  'gc.company': '单位',
  'gc.status': '状态',
  'gc.validity': '有效期',
  'gc.lot': '停车场',
  'gc.slots': '车位',
  'gc.slotsValue': '共{total}个，已占用{occupied}个',
  'gc.contact': '联系人',
  'gc.phone': '联系电话',
  'gc.plates': '绑定车辆',
  'gc.noPlates': '暂无绑定车辆',
  'gc.other': '查询其他卡',
  'gc.place.inLot': '在场',
  'gc.place.holding': '占用车位',
  'gc.place.waiting': '等待车位',
  'gc.place.away': '不在场',

  'pda.signIn': '收费员登录',
  'pda.account': '账号',
  'pda.password': '密码',
  'pda.captcha': '验证码',
  'pda.captchaRefresh': '看不清，换一张',
  'pda.submit': '登录',
  'pda.submitting': '登录中…',
  'pda.accountRequired': '请输入账号',
  'pda.passwordRequired': '请输入密码',
  'pda.captchaRequired': '请输入验证码',
  'pda.signOut': '退出登录',
  'pda.sessionEnded': '登录已过期，请重新登录',
  'pda.plate': '车牌号',
  'pda.plateRequired': '请输入车牌号',
  'pda.lookup': '查询',
  'pda.noStay': '该车辆不在您负责的车场内',
  'pda.mode': '收款方式',
  'pda.modeQr': '顾客扫码',
  'pda.modeCode': '扫顾客付款码',
  'pda.qrHint': '请顾客用微信或支付宝扫码支付 {amount}',
  'pda.authCode': '付款码',
  'pda.authCodeHint': '扫描或输入顾客的18位付款码',
  'pda.authCodeInvalid': '付款码应为18位数字',
  'pda.collect': '收款 {amount}',
  'pda.collecting': '收款中…',
  'pda.waiting': '等待顾客支付…',
  'pda.collected': '已收款',
  'pda.next': '下一辆',
  'pda.nothing': '无需收费',

  'plate.白': '白',
  'plate.黄': '黄',
  'plate.绿': '绿',
  'plate.黑': '黑',
  'plate.蓝': '蓝',
  'duration.days': '{d}天{h}小时{m}分钟',
  'duration.hours': '{h}小时{m}分钟',
  'duration.minutes': '{m}分钟',
};

export type TextKey = keyof typeof zh;

const en: Record<TextKey, string> = {
  'lang.switch': '中文',
  'lang.switchLabel': '切换到中文',
  loading: 'Loading…',
  retry: 'Try again',
  refresh: 'Refresh',
  back: 'Back',
  'error.title': 'Something went wrong',
  'error.network': 'No connection. Check the network and try again.',
  'notFound.title': 'Page not found',
  'notFound.text': 'Please scan the QR code again.',
  'title.pda': 'Scan to pay',
  'title.groupCard': 'Group card',
  'title.groupCardInfo': 'Group card details',

  'bill.heading': 'Parking fee',
  'bill.orderHeading': 'Order details',
  'bill.lot': 'Car park',
  'bill.lane': 'Lane',
  'bill.plate': 'Plate',
  'bill.plateColor': '{color} plate',
  'bill.entryTime': 'Entered',
  'bill.duration': 'Duration',
  'bill.space': 'Space',
  'bill.freeMinutes': 'Free time',
  'bill.minutes': '{n} min',
  'bill.total': 'Fee',
  'bill.discount': 'Discount',
  'bill.paid': 'Paid',
  'bill.payable': 'Due for this stay',
  'bill.arrears': 'Unpaid earlier stays',
  'bill.arrearsSummary': '{n} unpaid, {amount} in all',
  'bill.arrearsExit': 'left {time}',
  'bill.arrearsOrder': 'Order {no}',
  'bill.due': 'Total due',
  'bill.dueNote': 'This stay and the unpaid ones, paid together',
  'bill.leaveWithin': 'After paying, leave within {n} minutes',
  'bill.noCar.title': 'Please drive up to the barrier',
  'bill.noCar.text': 'Once your car is at the exit barrier, tap Refresh to see the bill.',
  'bill.unplated.title': 'Unplated car: scan with the phone you entered with',
  'bill.unplated.text':
    'This phone holds no entry pass for this car. Scan this code with the phone that scanned in, or ask the parking staff.',
  'entry.heading': 'Unplated car entry',
  'entry.text': 'Your car has no plate: take an entry pass to drive in. On the way out, scan the exit code with this phone to pay.',
  'entry.button': 'Take pass and enter',
  'entry.done': 'The barrier is open, please drive in',
  'entry.doneText': 'Your entry pass is kept on this phone. On the way out, scan the exit code with this phone.',
  'entry.view': 'View this stay',
  'bill.free.title': 'Nothing to pay',
  'bill.free.text': 'This stay is free. Please drive out slowly.',
  'bill.card.month': 'Monthly card valid: nothing to pay',
  'bill.card.group': 'Group card valid: nothing to pay',
  'bill.card.text': 'Your card covers this stay. Please drive out slowly.',
  'bill.card.no': 'Card no.',
  'bill.card.valid': 'Valid until',
  'bill.card.renew': 'Renew',
  'renew.title': 'Renew monthly card',
  'renew.periods': 'Renew for',
  'renew.periodsN': '{n} period(s)',
  'renew.newPeriod': 'Valid after renewal',
  'renew.amount': 'Renewal fee',
  'result.renewed': 'Renewed: card {cardNo} is valid until {date}',
  'bill.paid.title': 'Paid',
  'bill.paid.leaveBefore': 'Please leave before {time}',
  'bill.paid.left': 'About {n} min left',
  'bill.paid.overdue': 'The time to leave has passed: an extra fee may be due at the exit.',
  'bill.exited': 'The car has left',
  'bill.leave': 'Open the barrier',
  'bill.opened': 'The barrier is open: please drive through',

  'pay.channel': 'Pay with',
  'pay.wechat': 'WeChat Pay',
  'pay.alipay': 'Alipay',
  'pay.button': 'Pay {amount}',
  'pay.starting': 'Starting the payment…',
  'pay.sheetTitle': 'Simulated wallet',
  'pay.sheet.1': 'Simulated WeChat Pay: confirm paying {amount}',
  'pay.sheet.2': 'Simulated Alipay: confirm paying {amount}',
  'pay.sheet.any': 'Simulated wallet: confirm paying {amount}',
  'pay.sheetNote': 'A demo payment: no real money moves.',
  'pay.confirm': 'Confirm payment',
  'pay.confirming': 'Paying…',
  'pay.cancel': 'Cancel',
  'pay.fail': 'Payment fails',

  'result.heading': 'Payment result',
  'result.checking': 'Checking the payment…',
  'result.paid': 'Payment successful',
  'result.amount': 'Amount',
  'result.paidAt': 'Paid at',
  'result.leaveBefore': 'Please leave before {time}',
  'result.exited': 'The car has left',
  'result.unapplied': 'The money arrived after the order had changed: the operator will refund it.',
  'result.closed': 'Payment not completed',
  'result.closedText': 'This payment was closed and nothing was charged. Please scan the code again to pay.',
  'result.closed.cancelled': 'Payment cancelled',
  'result.closed.failed': 'Payment failed',
  'result.closed.expired': 'Payment timed out and was closed',
  'result.refunded': 'The {amount} not applied has been refunded to you.',
  'result.timeout': 'No result yet',
  'result.timeoutText': 'If you have paid, tap “Check again” in a moment. Please do not pay twice.',
  'result.recheck': 'Check again',
  'result.missing': 'No payment number: please scan the code again.',

  'gc.heading': 'Group card',
  'gc.cardNo': 'Card number',
  'gc.cardNoHint': 'Type the card number, or scan the group card’s QR code',
  'gc.query': 'Look up',
  'gc.required': 'Enter the card number',
  'gc.company': 'Company',
  'gc.status': 'Status',
  'gc.validity': 'Valid',
  'gc.lot': 'Car park',
  'gc.slots': 'Spaces',
  'gc.slotsValue': '{occupied} of {total} in use',
  'gc.contact': 'Contact',
  'gc.phone': 'Phone',
  'gc.plates': 'Plates',
  'gc.noPlates': 'No plates on this card',
  'gc.other': 'Look up another card',
  'gc.place.inLot': 'In the car park',
  'gc.place.holding': 'Holding a space',
  'gc.place.waiting': 'Waiting for a space',
  'gc.place.away': 'Away',

  'pda.signIn': 'Collector sign-in',
  'pda.account': 'Account',
  'pda.password': 'Password',
  'pda.captcha': 'Code',
  'pda.captchaRefresh': 'Show another code',
  'pda.submit': 'Sign in',
  'pda.submitting': 'Signing in…',
  'pda.accountRequired': 'Enter the account',
  'pda.passwordRequired': 'Enter the password',
  'pda.captchaRequired': 'Enter the code',
  'pda.signOut': 'Sign out',
  'pda.sessionEnded': 'Your session has ended: please sign in again',
  'pda.plate': 'Plate number',
  'pda.plateRequired': 'Enter the plate number',
  'pda.lookup': 'Look up',
  'pda.noStay': 'This car is not parked in your car parks',
  'pda.mode': 'Collect by',
  'pda.modeQr': 'Customer scans',
  'pda.modeCode': 'Scan customer’s code',
  'pda.qrHint': 'Ask the customer to scan with WeChat or Alipay and pay {amount}',
  'pda.authCode': 'Payment code',
  'pda.authCodeHint': 'Scan or type the customer’s 18-digit payment code',
  'pda.authCodeInvalid': 'A payment code has 18 digits',
  'pda.collect': 'Collect {amount}',
  'pda.collecting': 'Collecting…',
  'pda.waiting': 'Waiting for the customer to pay…',
  'pda.collected': 'Collected',
  'pda.next': 'Next car',
  'pda.nothing': 'Nothing to collect',

  'plate.白': 'White',
  'plate.黄': 'Yellow',
  'plate.绿': 'Green',
  'plate.黑': 'Black',
  'plate.蓝': 'Blue',
  'duration.days': '{d} d {h} h {m} min',
  'duration.hours': '{h} h {m} min',
  'duration.minutes': '{m} min',
};

const DICTIONARY: Record<Locale, Record<TextKey, string>> = { 'zh-CN': zh, 'en-US': en };

export const LOCALE_COOKIE = 'language';

function readLocale(): Locale {
  if (typeof document === 'undefined') return 'zh-CN';
  const m = /(?:^|;\s*)language=([^;]*)/.exec(document.cookie);
  return m && decodeURIComponent(m[1]) === 'en-US' ? 'en-US' : 'zh-CN';
}

let locale: Locale = readLocale();
const listeners = new Set<() => void>();

/** Screen readers pick their voice from `<html lang>`. */
function applyLang(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en-US' ? 'en' : 'zh-CN';
}
applyLang();

export function getLocale(): Locale {
  return locale;
}

export function setLocale(next: Locale): void {
  locale = next;
  // as js-cookie writes it for the console (path /, a year)
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; SameSite=Lax`;
  applyLang();
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The locale, re-rendering on a switch. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/** A text, `{name}` placeholders filled: t('pay.button', { amount: '¥12.00' }). */
export function t(key: TextKey, values?: Record<string, string | number>): string {
  const text = DICTIONARY[locale][key];
  return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
}

/** The dictionaries, for the test that both have every key. */
export const DICTIONARIES = DICTIONARY;
