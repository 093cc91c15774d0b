// @vitest-environment jsdom
import md5 from 'blueimp-md5';
import { beforeEach, describe, expect, it } from 'vitest';
import { PDA_TOKEN_KEY, PdaPage } from './pda-page';
import { billOf, buttonByText, byTestId, click, fakeFetch, render, type, until, type FakeRoute } from '../test-kit';

const TOKEN = `Bearer ${'a'.repeat(64)}`;
const SECRET = 'collector-pass-123';

function input(el: HTMLElement, name: string): HTMLInputElement {
  return el.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
}

async function signIn(el: HTMLElement) {
  type(input(el, 'account'), 'collector');
  type(input(el, 'password'), SECRET);
  await click(buttonByText(el, '登录'));
}

async function lookUp(el: HTMLElement, plate = '粤b12345') {
  type(input(el, 'plateNo'), plate);
  await click(buttonByText(el, '查询'));
}

const BILL_WITH_DEBT = billOf('bill', {
  arrears: [{ orderNo: 'PO-9', lotName: '科技园路边停车', exitTime: Date.now() - 86_400_000, owedCents: 500 }],
  arrearsCents: 500,
  dueCents: 1700,
});

function desk(routes: Record<string, FakeRoute | FakeRoute[]> = {}) {
  return fakeFetch({
    'POST /api/oauth/Login': { data: { token: TOKEN } },
    'GET /api/pda/Bill': { data: BILL_WITH_DEBT },
    ...routes,
  });
}

describe('the collector handheld (/pdaScanQrcode)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("signs in as the console's sign-in page does (form fields, the password's MD5), keeping only the token", async () => {
    const fake = desk();
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    const login = fake.requests[0];
    expect(login.path).toBe('/api/oauth/Login');
    expect(login.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(login.body).toMatchObject({ account: 'collector', password: md5(SECRET), origin: 'pda', grant_type: 'password' });
    expect(login.rawBody).not.toContain(SECRET);
    // the token in this tab's sessionStorage; the password nowhere
    expect(sessionStorage.getItem(PDA_TOKEN_KEY)).toBe(TOKEN);
    const kept = [
      document.cookie,
      ...[sessionStorage, localStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`)),
    ].join(' ');
    expect(kept).not.toContain(SECRET);
    expect(kept).not.toContain(md5(SECRET));
    expect(el.querySelector('input[type="password"]')).toBeNull();
  });

  it("a refused sign-in shows the server's words and keeps no token", async () => {
    const fake = desk({ 'POST /api/oauth/Login': { code: 400, msg: '账号或密码错误' } });
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    expect(byTestId(el, 'pda-signin-error')?.textContent).toBe('账号或密码错误');
    expect(sessionStorage.getItem(PDA_TOKEN_KEY)).toBeNull();
  });

  it('asks for a captcha when the server wants one', async () => {
    const fake = desk({
      'POST /api/oauth/Login': { code: 400, msg: '请输入验证码', data: { captchaRequired: true } },
      'POST /api/oauth/captcha': { data: { timestamp: 'ts-1', image: 'data:image/png;base64,AA==' } },
    });
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    expect(input(el, 'code')).not.toBeNull();
  });

  it('a plate: its bill with every open debt, sent with the session token', async () => {
    const fake = desk();
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    await lookUp(el);
    const bill = fake.requests[1];
    expect(bill.query.get('plateNo')).toBe('粤B12345');
    expect(bill.headers.Authorization).toBe(TOKEN);
    expect(byTestId(el, 'bill-arrears')?.textContent).toContain('PO-9');
    expect(byTestId(el, 'bill-due')?.textContent).toBe('¥17.00');
    expect(byTestId(el, 'collect-button')?.textContent).toBe('收款 ¥17.00');
  });

  it("by the customer's payment code: 18 digits, a retry with the same key, then a large 已收款", async () => {
    const fake = desk({ 'POST /api/pda/Collect': ['offline', { data: { outTradeNo: 'PD-1', status: 'paid', amountCents: 1700 } }] });
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    await lookUp(el);
    await click(el.querySelector<HTMLInputElement>('input[value="code"]')!);
    type(input(el, 'authCode'), '1234');
    await click(byTestId(el, 'collect-button')!);
    expect(el.textContent).toContain('付款码应为18位数字');
    expect(fake.requests.filter((r) => r.path === '/api/pda/Collect')).toHaveLength(0);

    type(input(el, 'authCode'), '134567890123456789');
    await click(byTestId(el, 'collect-button')!);
    expect(byTestId(el, 'collect-error')?.textContent).toBe('网络连接失败，请检查网络后重试');
    await click(byTestId(el, 'collect-button')!);
    const [first, retry] = fake.requests.filter((r) => r.path === '/api/pda/Collect');
    expect(first.body).toEqual({ plateNo: '粤B12345', mode: 'code', authCode: '134567890123456789' });
    expect(first.headers.Authorization).toBe(TOKEN);
    expect(first.headers['Idempotency-Key']).toBeTruthy();
    expect(retry.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    const done = byTestId(el, 'pda-collected')!;
    expect(done.getAttribute('role')).toBe('status');
    expect(done.querySelector('h1')?.textContent).toBe('已收款');
    expect(done.textContent).toContain('¥17.00');
    await click(buttonByText(el, '下一辆'));
    expect(input(el, 'plateNo').value).toBe('');
  });

  it('by a dynamic QR: shows it as an image with its text, waits for the payment, then 已收款', async () => {
    let paid = false;
    const fake = desk({
      'POST /api/pda/Collect': { data: { outTradeNo: 'PD-2', qrText: 'https://pay.example/sim/PD-2', amountCents: 1700 } },
      'GET /api/public/Pay/PD-2': () => ({
        data: { status: paid ? 'paid' : 'awaiting', amountCents: 1700, paidAt: paid ? Date.now() : null, leaveBefore: null, exited: false },
      }),
    });
    const el = render(<PdaPage pollOptions={{ firstMs: 5, maxMs: 5 }} />, fake.api);
    await signIn(el);
    await lookUp(el);
    await click(byTestId(el, 'collect-button')!);
    expect(fake.requests.find((r) => r.path === '/api/pda/Collect')?.body).toEqual({ plateNo: '粤B12345', mode: 'qr' });
    expect(byTestId(el, 'collect-qr-text')?.textContent).toBe('https://pay.example/sim/PD-2');
    await until(() => byTestId(el, 'collect-qr-image') !== null);
    expect(byTestId(el, 'collect-qr-image')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(el.textContent).toContain('等待顾客支付');
    paid = true;
    await until(() => byTestId(el, 'pda-collected') !== null);
    expect(byTestId(el, 'pda-collected')?.textContent).toContain('¥17.00');
  });

  it('a car not in the lots but with open debts: the debts listed and collected at the kerb alone', async () => {
    const fake = desk({
      'GET /api/pda/Bill': {
        data: billOf('noCar', { lotName: '', laneName: '', arrears: BILL_WITH_DEBT.arrears, arrearsCents: 500, dueCents: 500 }),
      },
      'POST /api/pda/Collect': { data: { outTradeNo: 'PD-3', status: 'paid', amountCents: 500 } },
    });
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    await lookUp(el);
    expect(el.textContent).toContain('该车辆不在您负责的车场内');
    expect(byTestId(el, 'bill-arrears')?.textContent).toContain('PO-9');
    expect(byTestId(el, 'collect-button')?.textContent).toBe('收款 ¥5.00');
    await click(el.querySelector<HTMLInputElement>('input[value="code"]')!);
    type(input(el, 'authCode'), '134567890123456789');
    await click(byTestId(el, 'collect-button')!);
    expect(fake.requests.find((r) => r.path === '/api/pda/Collect')?.body).toEqual({
      plateNo: '粤B12345',
      mode: 'code',
      authCode: '134567890123456789',
    });
    expect(byTestId(el, 'pda-collected')?.textContent).toContain('¥5.00');
  });

  it('an ended session: back to sign-in, the token dropped', async () => {
    const fake = desk({ 'GET /api/pda/Bill': { code: 600, msg: '登录已过期', status: 200 } });
    const el = render(<PdaPage />, fake.api);
    await signIn(el);
    await lookUp(el);
    expect(sessionStorage.getItem(PDA_TOKEN_KEY)).toBeNull();
    expect(byTestId(el, 'pda-signin')).not.toBeNull();
    expect(el.textContent).toContain('登录已过期，请重新登录');
  });
});
