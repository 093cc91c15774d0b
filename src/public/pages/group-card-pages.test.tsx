// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { GroupCardInfoPage, GroupCardScanPage } from './group-card-pages';
import { buttonByText, byTestId, click, fakeFetch, render, settle, type } from '../test-kit';

const CARD = {
  cardNo: 'GC-2025-001',
  companyName: '深圳市前海科技有限公司',
  statusLabel: '正常',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  lotName: '海岸城购物中心停车场',
  slots: 3,
  occupied: 2,
  contactName: '王*',
  contactPhone: '138****5678',
  plates: [
    { plateNo: '粤B11111', place: 'inLot', placeLabel: '在场' },
    { plateNo: '粤B22222', place: 'away', placeLabel: '不在场' },
  ],
};

describe('group cards', () => {
  it('/scanGroupCardQrcode: a card number typed goes to its details', async () => {
    window.location.hash = '#/scanGroupCardQrcode';
    const el = render(<GroupCardScanPage params={new URLSearchParams()} />);
    await click(buttonByText(el, '查询'));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('请输入卡号');
    type(el.querySelector<HTMLInputElement>('input[name="cardNo"]')!, ' GC-2025-001 ');
    await click(buttonByText(el, '查询'));
    expect(window.location.hash).toBe('#/groupCardInfo?cardNo=GC-2025-001');
  });

  it("/scanGroupCardQrcode?cardNo=… (a card's QR) goes straight on", async () => {
    window.location.hash = '#/scanGroupCardQrcode?cardNo=GC-9';
    render(<GroupCardScanPage params={new URLSearchParams('cardNo=GC-9')} />);
    await settle();
    expect(window.location.hash).toBe('#/groupCardInfo?cardNo=GC-9');
  });

  it('/groupCardInfo: company, validity, lot, slots, plates with their place, the phone as the server masked it', async () => {
    const fake = fakeFetch({ 'GET /api/public/GroupCard': { data: CARD } });
    const el = render(<GroupCardInfoPage params={new URLSearchParams('cardNo=GC-2025-001')} />, fake.api);
    await settle();
    expect(fake.requests[0].query.get('cardNo')).toBe('GC-2025-001');
    const card = byTestId(el, 'group-card')!;
    expect(card.textContent).toContain('深圳市前海科技有限公司');
    expect(card.textContent).toContain('2025-01-01 ~ 2025-12-31');
    expect(card.textContent).toContain('海岸城购物中心停车场');
    expect(byTestId(el, 'gc-slots')?.textContent).toBe('共3个，已占用2个');
    expect(byTestId(el, 'gc-phone')?.textContent).toBe('138****5678');
    const plates = [...card.querySelectorAll('li')].map((li) => li.textContent);
    expect(plates).toEqual(['粤B11111在场', '粤B22222不在场']);
  });

  it('an unknown card: 团体卡不存在, and a way to look up another', async () => {
    const fake = fakeFetch({ 'GET /api/public/GroupCard': { code: 404, msg: '团体卡不存在' } });
    const el = render(<GroupCardInfoPage params={new URLSearchParams('cardNo=NOPE')} />, fake.api);
    await settle();
    expect(byTestId(el, 'failure-message')?.textContent).toBe('团体卡不存在');
    expect(el.querySelector('a[href="#/scanGroupCardQrcode"]')).not.toBeNull();
  });
});
