// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { OrderPage, ScanPage } from './bill-pages';
import { billOf, buttonByText, byTestId, click, fakeFetch, render, settle } from '../test-kit';

const LANE = new URLSearchParams('parkingId=p-1&laneId=l-1');

async function scan(answer: Parameters<typeof fakeFetch>[0][string], params = LANE) {
  const fake = fakeFetch({ 'GET /api/public/Scan/Lane': answer });
  const el = render(<ScanPage params={params} />, fake.api);
  await settle();
  return { el, fake };
}

describe('scan to exit (/scanQRcode): each kind of bill its own screen', () => {
  it('asks for the car at the lane the code names', async () => {
    const { fake } = await scan({ data: billOf('bill') });
    expect(fake.requests[0].query.get('parkingId')).toBe('p-1');
    expect(fake.requests[0].query.get('laneId')).toBe('l-1');
  });

  it('bill: the stay in full, the amounts in yuan, the time to leave, and 支付', async () => {
    const { el } = await scan({ data: billOf('bill') });
    expect(byTestId(el, 'bill-bill')).not.toBeNull();
    expect(el.querySelector('h1')?.textContent).toBe('停车缴费');
    expect(byTestId(el, 'plate')?.textContent).toBe('粤B12345');
    expect(el.textContent).toContain('蓝牌');
    expect(el.textContent).toContain('海岸城购物中心停车场');
    expect(el.textContent).toContain('2小时15分钟');
    expect(el.textContent).toContain('B2-017');
    expect(el.textContent).toContain('15分钟');
    expect(byTestId(el, 'bill-total')?.textContent).toBe('¥15.00');
    expect(byTestId(el, 'bill-discount')?.textContent).toBe('-¥3.00');
    expect(byTestId(el, 'bill-paid-cents')?.textContent).toBe('¥0.00');
    expect(byTestId(el, 'bill-payable')?.textContent).toBe('¥12.00');
    expect(byTestId(el, 'bill-due')?.textContent).toBe('¥12.00');
    expect(el.textContent).toContain('支付后请在15分钟内离场');
    expect(byTestId(el, 'pay-button')?.textContent).toBe('支付 ¥12.00');
  });

  it("bill with the plate's open debts: listed, and paid together with the stay", async () => {
    const { el } = await scan({
      data: billOf('bill', {
        arrears: [
          { orderNo: 'PO-1', lotName: '科技园路边停车', exitTime: Date.now() - 86_400_000, owedCents: 800 },
          { orderNo: 'PO-2', lotName: '海岸城购物中心停车场', exitTime: Date.now() - 2 * 86_400_000, owedCents: 350 },
        ],
        arrearsCents: 1150,
        dueCents: 2350,
      }),
    });
    const arrears = byTestId(el, 'bill-arrears')!;
    expect(arrears.querySelectorAll('li')).toHaveLength(2);
    expect(arrears.textContent).toContain('共2笔，合计¥11.50');
    expect(arrears.textContent).toContain('PO-1');
    expect(arrears.textContent).toContain('¥8.00');
    expect(byTestId(el, 'bill-due')?.textContent).toBe('¥23.50');
    expect(byTestId(el, 'pay-button')?.textContent).toBe('支付 ¥23.50');
  });

  it('noCar: a friendly "drive up" screen with 刷新, no error, no pay; 刷新 asks again', async () => {
    const { el, fake } = await scan([{ data: billOf('noCar') }, { data: billOf('bill') }]);
    expect(byTestId(el, 'bill-noCar')).not.toBeNull();
    expect(el.querySelector('h1')?.textContent).toBe('请将车辆驶至道闸前');
    expect(el.querySelector('[role="alert"]')).toBeNull();
    expect(byTestId(el, 'pay-button')).toBeNull();
    await click(buttonByText(el, '刷新'));
    expect(fake.requests).toHaveLength(2);
    expect(byTestId(el, 'bill-bill')).not.toBeNull();
  });

  it('free: nothing to pay, the barrier opens', async () => {
    const { el } = await scan({ data: billOf('free') });
    expect(byTestId(el, 'bill-free')?.textContent).toContain('无需缴费');
    expect(byTestId(el, 'pay-button')).toBeNull();
  });

  it('nothing to pay at the barrier: 开闸出场 opens it', async () => {
    const fake = fakeFetch({
      'GET /api/public/Scan/Lane': { data: billOf('free') },
      'POST /api/public/Scan/Leave': { data: { opened: true } },
    });
    const el = render(<ScanPage params={LANE} />, fake.api);
    await settle();
    await click(byTestId(el, 'leave-button')!);
    expect(fake.requests[1].body).toEqual({ token: 'tok-1' });
    expect(byTestId(el, 'barrier-opened')?.textContent).toBe('道闸已开启，请通行');
  });

  it("a kerb space's code asks for the car on that space", async () => {
    const fake = fakeFetch({ 'GET /api/public/Scan/Space': { data: billOf('bill', { laneName: '' }) } });
    const el = render(<ScanPage params={new URLSearchParams('parkingId=p-1&spaceId=s-1')} />, fake.api);
    await settle();
    expect(fake.requests[0].query.get('spaceId')).toBe('s-1');
    expect(byTestId(el, 'bill-due')?.textContent).toBe('¥12.00');
    expect(byTestId(el, 'leave-button')).toBeNull();
  });

  it('card: no payment; 续费 where the card is renewable, not where it is not', async () => {
    const { el } = await scan({ data: billOf('card') });
    expect(byTestId(el, 'bill-card')?.textContent).toContain('月卡有效，无需缴费');
    expect(el.textContent).toContain('2026-01-31');
    expect(byTestId(el, 'pay-button')).toBeNull();
    expect(byTestId(el, 'card-renew')?.textContent).toBe('续费');

    const group = await scan({ data: billOf('card', { card: { cardNo: 'G-1', kind: 'group', endDate: '2026-03-01', renewable: false } }) });
    expect(byTestId(group.el, 'bill-card')?.textContent).toContain('团体卡有效');
    expect(byTestId(group.el, 'card-renew')).toBeNull();
  });

  it('paid: says so, with the time left to leave', async () => {
    const { el } = await scan({ data: billOf('paid') });
    const paid = byTestId(el, 'bill-paid')!;
    expect(paid.textContent).toContain('已缴费');
    expect(paid.textContent).toMatch(/请在 \d\d:\d\d 前离场/);
    expect(paid.textContent).toMatch(/剩余约 (9|10) 分钟/);
    expect(byTestId(el, 'pay-button')).toBeNull();
  });

  it("an unknown lane: the server's words, clearly, with 重试", async () => {
    const { el } = await scan({ code: 404, msg: '车道不存在或已停用', status: 404 });
    expect(byTestId(el, 'failure-message')?.textContent).toBe('车道不存在或已停用');
    expect(buttonByText(el, '重试')).toBeTruthy();
  });

  it('a code without a lane asks nothing and says to scan again', async () => {
    const { el, fake } = await scan({ data: billOf('bill') }, new URLSearchParams('parkingId=p-1'));
    expect(fake.requests).toHaveLength(0);
    expect(byTestId(el, 'failure-message')?.textContent).toBe('请重新扫描二维码');
  });

  it('no connection: says so in words, not a code', async () => {
    const { el } = await scan('offline');
    expect(byTestId(el, 'failure-message')?.textContent).toBe('网络连接失败，请检查网络后重试');
  });
});

describe('one order by its token (/orderInfoByQRcode)', () => {
  it('shows the same bill', async () => {
    const fake = fakeFetch({ 'GET /api/public/Scan/Order': { data: billOf('bill') } });
    const el = render(<OrderPage params={new URLSearchParams('token=tok-1')} />, fake.api);
    await settle();
    expect(fake.requests[0].query.get('token')).toBe('tok-1');
    expect(el.querySelector('h1')?.textContent).toBe('订单详情');
    expect(byTestId(el, 'bill-due')?.textContent).toBe('¥12.00');
  });

  it('an unknown token: 订单不存在', async () => {
    const fake = fakeFetch({ 'GET /api/public/Scan/Order': { code: 404, msg: '订单不存在' } });
    const el = render(<OrderPage params={new URLSearchParams('token=nope')} />, fake.api);
    await settle();
    expect(byTestId(el, 'failure-message')?.textContent).toBe('订单不存在');
  });
});
