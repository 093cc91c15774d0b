import type { Db } from '../db/database.ts';
import { hashPassword, md5Hex } from '../lib/password.ts';
import { COLLECTOR_BUTTONS, COLLECTOR_MENUS, FINANCE_BUTTONS, FINANCE_MENUS } from './menu-tree.ts';

/**
 * Demo accounts offered once to every database, new or seeded by an older version (`seed_known`),
 * so an administrator who deletes one keeps it deleted; a menu or button added later reaches their
 * roles through new-entries.ts.
 * - finance / finance123 reviews the refunds an operator applies for, keeps the cards and reads the
 *   finance reports, so a refund can be shown end to end without the administrator approving a
 *   request of their own;
 * - collector / collector123 signs in on the kerbside handheld (/pdaScanQrcode) and collects there.
 */

interface OfferedAccount {
  id: string;
  role: string;
  account: string;
  password: string;
  name: string;
  roleCode: string;
  roleNote: string;
  phone: string;
  menus: readonly string[];
  buttons: readonly string[];
  sortCode: number;
}

export const FINANCE_ACCOUNT = {
  id: 'u-finance',
  role: 'r-finance',
  account: 'finance',
  password: 'finance123',
  name: '财务复核',
  roleCode: 'finance',
  roleNote: '退款审核、月卡和团体卡、财务报表',
  phone: '13700137000',
  menus: FINANCE_MENUS,
  buttons: FINANCE_BUTTONS,
  sortCode: 3,
} as const satisfies OfferedAccount;

export const COLLECTOR_ACCOUNT = {
  id: 'u-collector',
  role: 'r-collector',
  account: 'collector',
  password: 'collector123',
  name: '路边收费员',
  roleCode: 'collector',
  roleNote: '手持机收费（路边停车），查看停车订单',
  phone: '13600136000',
  menus: COLLECTOR_MENUS,
  buttons: COLLECTOR_BUTTONS,
  sortCode: 4,
} as const satisfies OfferedAccount;

async function offerAccount(db: Db, a: OfferedAccount): Promise<void> {
  await db.transaction(async (tx) => {
    const offered = await tx.query(`insert into seed_known (id) values ($1) on conflict do nothing`, [a.id]);
    if (offered.rowCount !== 1) return;
    await tx.query(
      `insert into roles (id, full_name, en_code, sort_code, description) values ($1, $2, $3, $4, $5) on conflict do nothing`,
      [a.role, a.name, a.roleCode, a.sortCode, a.roleNote],
    );
    await tx.query(
      `insert into users (id, account, real_name, phone, email, password_hash)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [a.id, a.account, a.name, a.phone, `${a.account}@example.com`, hashPassword(md5Hex(a.password))],
    );
    // a site whose own account or role already took the name (another 'collector') keeps it as it is
    const { rows } = await tx.query<{ n: number }>(
      'select (select count(*) from users where id = $1)::int + (select count(*) from roles where id = $2)::int as n',
      [a.id, a.role],
    );
    if (rows[0].n !== 2) return;
    await tx.query(`insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing`, [a.id, a.role]);
    await tx.query(
      `insert into role_menus (role_id, menu_id) select $1, id from menus where en_code = any($2::text[]) on conflict do nothing`,
      [a.role, a.menus],
    );
    await tx.query(
      `insert into role_buttons (role_id, button_id) select $1, id from menu_buttons where en_code = any($2::text[]) on conflict do nothing`,
      [a.role, a.buttons],
    );
  });
}

/** Offers the finance and collector accounts (each once per database). */
export async function offerDemoAccounts(db: Db): Promise<void> {
  await offerAccount(db, FINANCE_ACCOUNT);
  await offerAccount(db, COLLECTOR_ACCOUNT);
}
