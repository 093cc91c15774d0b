import type { Db } from '../db/database.ts';
import { hashPassword, md5Hex } from '../lib/password.ts';
import { OPERATOR_BUTTONS, OPERATOR_MENUS } from './menu-tree.ts';

/** Demo roles, users and grants: admin gets everything, operator a realistic subset. */
export async function seedUsers(tx: Db): Promise<void> {
  await tx.query(`insert into roles (id, full_name, en_code, sort_code, description) values
    ('r-admin', '超级管理员', 'admin', 1, '拥有全部菜单和按钮权限'),
    ('r-operator', '值班操作员', 'operator', 2, '日常值班：车场、订单、退款申请、欠费和设备监控')`);
  const users: [string, string, string, string, string, string][] = [
    ['u-admin', 'admin', 'admin123', '系统管理员', '13800138000', 'admin@example.com'],
    ['u-operator', 'operator', 'operator123', '值班操作员', '13912345678', 'operator@example.com'],
  ];
  for (const [id, account, password, realName, phone, email] of users) {
    await tx.query('insert into users (id, account, real_name, phone, email, password_hash) values ($1, $2, $3, $4, $5, $6)', [
      id,
      account,
      realName,
      phone,
      email,
      hashPassword(md5Hex(password)),
    ]);
  }
  await tx.query(`insert into user_roles (user_id, role_id) values ('u-admin', 'r-admin'), ('u-operator', 'r-operator')`);
  await tx.query(`insert into role_menus (role_id, menu_id) select 'r-admin', id from menus`);
  await tx.query(`insert into role_buttons (role_id, button_id) select 'r-admin', id from menu_buttons`);
  await tx.query(`insert into role_menus (role_id, menu_id) select 'r-operator', id from menus where en_code = any($1::text[])`, [
    OPERATOR_MENUS,
  ]);
  await tx.query(
    `insert into role_buttons (role_id, button_id) select 'r-operator', id from menu_buttons where en_code = any($1::text[])`,
    [OPERATOR_BUTTONS],
  );
}
