import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signInAndWait, adminToken, waitForRows, clickUntil, askRefund } from './fixtures';
import { listShown } from './built-screens';
import { REFUND_REASON } from '../../domain/refund-codes';

/**
 * The money screens in English (issue "English leaves Chinese"), on a desk and on a phone: a
 * refund's reason code reads in English and the applicant's words stay as typed; the texts the
 * server writes itself (a notice's receipt, an approval nobody worded, a channel's answer, a job's
 * name) are English; a phone's per-page select says its words in English; and the refund dialog's
 * note keeps its placeholder clear of its character counter.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

const LABELS = Object.values(REFUND_REASON);
/** What the SMS and WeChat gateway answers (server/arrears/notices.ts simulateDelivery). */
const RECEIPTS = ['短信已送达', '模板消息已送达', '已提交，等待送达回执', '号码无效，短信发送失败', '车主未关注公众号，模板消息发送失败'];

async function inEnglish(page: Page, path: string) {
  await page.context().addCookies([{ name: 'language', value: 'en-US', url: process.env.E2E_BASE_URL! }]);
  await signInAndWait(page, undefined, path);
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
}

/** The cells of a list's column, by its header (amis draws the header once more above the list, with no rows). */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const read = () =>
    page.locator('.pc-cached-page:visible .cxd-Table-table').evaluateAll((tables, name) => {
      const table = tables.find((t) => t.querySelector('tbody tr'));
      const index = table ? [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === name) : -1;
      return index < 0 ? null : [...table!.querySelectorAll('tbody tr')].map((tr) => tr.children[index]?.textContent?.trim() ?? '');
    }, header);
  // a list just opened may still be drawing its header in the page's language: asked again until it shows
  await expect.poll(read, { message: `a list with a column ${header}` }).not.toBeNull();
  return (await read())!;
}

/** A refund asked for through the API on a paid order of the seeded history, with reason 多收费用 and `words`. */
const askOverchargeRefund = (request: APIRequestContext, words: string) => askRefund(request, { words, reasonCode: 2 });

for (const viewport of WIDTHS) {
  test.describe(`in English at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("refund reasons: the code's label in English, the words as typed; the per-page select in English", async ({ page }) => {
      // typed words stay as typed (not Chinese here: the all-screens sweep of language.spec.ts may run after this one)
      const words = `driver says overcharged ${viewport.width}`;
      const { refundNo } = await askOverchargeRefund(page.request, words);
      await inEnglish(page, '/refund/refundApply');
      await listShown(page);
      await expect(page.getByRole('row').filter({ hasText: refundNo })).toContainText(`Overcharged: ${words}`);
      const reasons = await columnTexts(page, 'Reason');
      expect(reasons.length).toBeGreaterThan(1);
      for (const reason of reasons)
        expect(
          LABELS.filter((label) => reason.includes(label)),
          reason,
        ).toEqual([]);
      // amis's own words beside the list: a phone's per-page select says "10 items/page", not "10 条/页"
      const perPage = page.locator('.pc-cached-page:visible .cxd-Crud-pageSwitch');
      await expect(perPage).toBeVisible();
      await expect(perPage).not.toContainText('条');
      if (viewport.width < 768) await expect(perPage).toContainText(/\d+ items\/page/);

      await page.goto('/#/refund/refundAudit');
      await listShown(page);
      for (const reason of await columnTexts(page, 'Reason'))
        expect(
          LABELS.filter((label) => reason.includes(label)),
          reason,
        ).toEqual([]);
    });

    test("an order's refund steps: timeline, refunds and audit log say the server's fixed texts in English", async ({ page }) => {
      const headers = { Authorization: await adminToken(page.request) };
      const refunded = (await (await page.request.get('/api/refund/Refunds?status=3&pageSize=50', { headers })).json()).data.list as {
        orderId: string | null;
        reason: string;
      }[];
      const seeded = refunded.find((r) => r.orderId && LABELS.includes(r.reason));
      expect(seeded, 'a seeded refund paid back on an order').toBeTruthy();
      await inEnglish(page, `/OrderManagement/parkingRecordOrderInfo/${seeded!.orderId}`);
      await expect(page.locator('.cxd-TimelineItem').first()).toBeVisible();
      const timeline = page.locator('.cxd-Timeline');
      await expect(timeline).toContainText(': Approved');
      await expect(timeline).toContainText('Payment channel: Refunded by the channel');
      await expect(timeline).not.toContainText(/审核通过|渠道退款成功|支付渠道/);
      for (const label of LABELS) await expect(timeline).not.toContainText(label);

      await page.getByRole('tab', { name: 'Refund', exact: true }).click();
      const refunds = page.locator('.cxd-Tabs-pane:visible');
      await expect(refunds.getByRole('row').nth(1)).toBeVisible();
      for (const label of LABELS) await expect(refunds).not.toContainText(label);

      await page.getByRole('tab', { name: 'Audit Log' }).click();
      const audits = page.locator('.cxd-Tabs-pane:visible');
      await expect(audits.getByRole('row').filter({ hasText: 'Refund Approved' })).toContainText('Approved');
      await expect(audits.getByRole('row').filter({ hasText: 'Refund Succeeded' })).toContainText('Payment channel');
      await expect(audits).not.toContainText(/审核通过|渠道退款成功|支付渠道/);
    });

    test("arrears notices: the gateway's receipts in English", async ({ page }) => {
      // an SMS to a plate the simulated gateway answers 短信已送达 (its answer is fixed by the plate: server/arrears/notices.ts)
      const headers = { Authorization: await adminToken(page.request) };
      const open = (await (await page.request.get('/api/arrears/ArrearsRecord?status=0&pageSize=100', { headers })).json()).data.list as {
        id: string;
        plateNo: string;
      }[];
      const delivered = (plate: string) => createHash('md5').update(`1|${plate}`).digest()[0] % 10 < 8;
      let plateNo = '';
      for (const record of open.filter((r) => delivered(r.plateNo))) {
        const res = await page.request.post('/api/arrears/ArrearsNotice/Actions/Send', { headers, data: { ids: [record.id], channel: 1 } });
        if ((await res.json()).code !== 200) continue; // that plate had its notice today
        plateNo = record.plateNo;
        break;
      }
      expect(plateNo, 'an open debt of a plate not yet notified today').not.toBe('');
      await inEnglish(page, '/arrears/arrearsNotice');
      await waitForRows(page);
      const receipts = await columnTexts(page, 'Receipt');
      for (const receipt of receipts)
        expect(
          RECEIPTS.filter((r) => receipt.includes(r)),
          receipt,
        ).toEqual([]);
      expect(receipts).toContain('SMS delivered');
    });

    test("a card's history: the audit rows the server writes itself in English", async ({ page }) => {
      const headers = { Authorization: await adminToken(page.request) };
      // a seeded card (the oldest of the newest 50): cards other specs open meanwhile carry the console's own words
      const card = (
        (await (await page.request.get('/api/card/MonthCard?status=1&pageSize=50', { headers })).json()).data.list as {
          cardNo: string;
        }[]
      ).at(-1)!;
      expect(card, 'a paid monthly card').toBeTruthy();
      await inEnglish(page, '/card/monthCard');
      await waitForRows(page);
      await page.getByPlaceholder('Card no. or owner').fill(card.cardNo);
      await page.getByPlaceholder('Card no. or owner').press('Enter');
      const row = page.getByRole('row').filter({ hasText: card.cardNo });
      await expect(page.getByRole('row')).toHaveCount(2);
      const dialog = page.getByRole('dialog');
      await clickUntil(row.getByRole('button', { name: 'Record', exact: true }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
      await expect(dialog.getByRole('row').nth(1)).toBeVisible();
      await expect(dialog).toContainText('Card payment taken');
      await expect(dialog).not.toContainText(/开卡收款|到期状态按日历自动变更|收费员/);
    });

    test("the refund dialog's note: its placeholder clear of its character counter", async ({ page }) => {
      await inEnglish(page, '/refund/refundApply');
      await listShown(page);
      const dialog = page.getByRole('dialog');
      await clickUntil(page.getByRole('button', { name: 'Request Refund' }), () => expect(dialog).toBeVisible({ timeout: 2000 }));
      const note = dialog.locator('textarea[name="reason"]');
      await expect(note).toHaveAttribute('placeholder', 'Required when the reason is "Other"');
      const counter = dialog
        .locator('.cxd-TextareaControl')
        .filter({ has: page.locator('textarea[name="reason"]') })
        .locator('.cxd-TextareaControl-counter');
      await expect(counter).toBeVisible();
      // the placeholder's lines end above the counter (or before it, on its line)
      const overlap = await note.evaluate(
        (el, counterEl) => {
          const textarea = el as HTMLTextAreaElement;
          const style = getComputedStyle(textarea);
          const box = textarea.getBoundingClientRect();
          const c = (counterEl as HTMLElement).getBoundingClientRect();
          // the placeholder laid out as the textarea lays it out
          const probe = document.createElement('div');
          for (const p of [
            'font',
            'lineHeight',
            'letterSpacing',
            'paddingLeft',
            'paddingRight',
            'paddingTop',
            'boxSizing',
            'borderLeftWidth',
            'borderRightWidth',
            'borderTopWidth',
          ] as const)
            probe.style[p] = style[p];
          probe.style.width = `${box.width}px`;
          probe.style.position = 'fixed';
          probe.style.left = `${box.left}px`;
          probe.style.top = `${box.top}px`;
          probe.style.whiteSpace = 'pre-wrap';
          probe.style.borderStyle = 'solid';
          probe.style.borderColor = 'transparent';
          const text = document.createElement('span');
          text.textContent = textarea.placeholder;
          probe.append(text);
          document.body.append(probe);
          const hits = [...text.getClientRects()].filter(
            (r) => r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom,
          );
          probe.remove();
          return hits.length;
        },
        await counter.elementHandle(),
      );
      expect(overlap).toBe(0);
    });
  });
}
