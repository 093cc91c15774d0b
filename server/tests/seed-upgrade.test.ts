import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { offerNewSeedEntries } from '../seed/new-entries.ts';
import { offerDemoAccounts } from '../seed/demo-accounts.ts';
import { withTestServer } from './helpers.ts';

// A database seeded by an older version meets a newer one: what the code added since arrives once.
let db: Db;
withTestServer((s) => ({ db } = s));

const count = async (sql: string, args: unknown[] = []) => Number((await db.query<{ n: number }>(sql, args)).rows[0].n);
const granted = (role: string, button: string) =>
  count(`select count(*)::int as n from role_buttons where role_id = $1 and button_id = $2`, [role, `b-${button}`]);

/** Makes the database look as if a button or entry had never been offered to it. */
async function forget(table: string, id: string): Promise<void> {
  await db.query(`delete from ${table} where id = $1`, [id]);
  await db.query('delete from seed_known where id = $1', [id]);
}

describe('entries a newer version adds', () => {
  it('a button and a dictionary entry never offered arrive, granted to the roles that would have had them', async () => {
    await forget('menu_buttons', 'b-refund:add');
    await forget('dict_detail', 'dd-pay_channel-1');
    expect(await granted('r-operator', 'refund:add')).toBe(0);
    expect(await offerNewSeedEntries(db)).toBe(2);
    expect(await count(`select count(*)::int as n from menu_buttons where id = 'b-refund:add'`)).toBe(1);
    expect(await count(`select count(*)::int as n from dict_detail where id = 'dd-pay_channel-1'`)).toBe(1);
    expect(await granted('r-admin', 'refund:add')).toBe(1);
    expect(await granted('r-operator', 'refund:add')).toBe(1);
    // offered once: a second start adds nothing
    expect(await offerNewSeedEntries(db)).toBe(0);
  });

  it('an entry the administrator deleted stays deleted, and one they renamed keeps its name', async () => {
    await db.query(`delete from menu_buttons where id = 'b-order:waive'`);
    await db.query(`update dict_detail set label = '微信支付（公众号）' where id = 'dd-pay_channel-1'`);
    expect(await offerNewSeedEntries(db)).toBe(0);
    expect(await count(`select count(*)::int as n from menu_buttons where id = 'b-order:waive'`)).toBe(0);
    expect(await count(`select count(*)::int as n from dict_detail where label = '微信支付（公众号）'`)).toBe(1);
  });
});

describe('the demo finance account', () => {
  it('is offered once: a database without it gets it, one whose administrator deleted it keeps it deleted', async () => {
    expect(await count(`select count(*)::int as n from users where account = 'finance'`)).toBe(1);
    await db.query(`delete from users where id = 'u-finance'`);
    await offerDemoAccounts(db);
    expect(await count(`select count(*)::int as n from users where account = 'finance'`)).toBe(0);
    await db.query(`delete from seed_known where id = 'u-finance'`);
    await offerDemoAccounts(db);
    expect(await count(`select count(*)::int as n from users where account = 'finance'`)).toBe(1);
    expect(await granted('r-finance', 'refund:approve')).toBe(1);
    expect(await granted('r-finance', 'refund:add')).toBe(0);
  });

  it('a site whose own account already took the name keeps it, and the start goes on', async () => {
    await db.query(`delete from users where id = 'u-collector'`);
    await db.query(`delete from seed_known where id = 'u-collector'`);
    await db.query(`insert into users (id, account, real_name, password_hash) values ('u-site-collector', 'collector', '现场收费员', 'x')`);
    await offerDemoAccounts(db);
    expect(await count(`select count(*)::int as n from users where account = 'collector' and id = 'u-site-collector'`)).toBe(1);
    expect(await count(`select count(*)::int as n from user_roles where user_id = 'u-collector'`)).toBe(0);
  });
});
