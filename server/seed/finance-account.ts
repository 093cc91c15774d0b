import type { Db } from '../db/database.ts';
import { hashPassword, md5Hex } from '../lib/password.ts';
import { FINANCE_BUTTONS, FINANCE_MENUS } from './menu-tree.ts';

/**
 * The demo finance account (finance / finance123): reviews the refunds an operator applies for,
 * keeps the cards and reads the finance reports, so a refund can be shown end to end without the
 * administrator approving a request of their own. Offered once to every database, new or seeded by
 * an older version (`seed_known`), so an administrator who deletes it keeps it deleted; a menu or
 * button added later reaches the role through new-entries.ts.
 */
export const FINANCE_ACCOUNT = { id: 'u-finance', role: 'r-finance', account: 'finance', password: 'finance123' } as const;

export async function offerFinanceAccount(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const offered = await tx.query(`insert into seed_known (id) values ($1) on conflict do nothing`, [FINANCE_ACCOUNT.id]);
    if (offered.rowCount !== 1) return;
    await tx.query(
      `insert into roles (id, full_name, en_code, sort_code, description)
       values ($1, '财务复核', 'finance', 3, '退款审核、月卡和团体卡、财务报表') on conflict do nothing`,
      [FINANCE_ACCOUNT.role],
    );
    await tx.query(
      `insert into users (id, account, real_name, phone, email, password_hash)
       values ($1, $2, '财务复核', '13700137000', 'finance@example.com', $3) on conflict do nothing`,
      [FINANCE_ACCOUNT.id, FINANCE_ACCOUNT.account, hashPassword(md5Hex(FINANCE_ACCOUNT.password))],
    );
    await tx.query(`insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing`, [
      FINANCE_ACCOUNT.id,
      FINANCE_ACCOUNT.role,
    ]);
    await tx.query(
      `insert into role_menus (role_id, menu_id) select $1, id from menus where en_code = any($2::text[]) on conflict do nothing`,
      [FINANCE_ACCOUNT.role, FINANCE_MENUS],
    );
    await tx.query(
      `insert into role_buttons (role_id, button_id) select $1, id from menu_buttons where en_code = any($2::text[]) on conflict do nothing`,
      [FINANCE_ACCOUNT.role, FINANCE_BUTTONS],
    );
  });
}
