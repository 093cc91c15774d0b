-- Arrears recovery (欠费追缴): an unpaid exit older than the policy's delay becomes one record; its
-- payments are parking_order_payment rows of its order, so the order's split keeps adding up.
-- Money in integer cents; owed_cents is what is still owed (principal − recovered).

create table arrears_record (
  id text primary key,
  order_id text not null unique references parking_order(id) on delete cascade,
  order_no text not null,
  parking_id text not null references parking(id) on delete restrict,
  plate_no text not null,
  plate_color smallint,
  entry_time timestamptz not null,
  exit_time timestamptz not null,
  receivable_cents bigint not null check (receivable_cents >= 0),
  discount_cents bigint not null check (discount_cents >= 0),
  -- paid on the order before it became a debt
  paid_cents bigint not null check (paid_cents >= 0),
  -- owed when created: receivable − discount − paid
  principal_cents bigint not null check (principal_cents > 0),
  recovered_cents bigint not null default 0 check (recovered_cents >= 0),
  owed_cents bigint not null check (owed_cents >= 0),
  -- arrears/state-machine.ts: 0 open, 1 notified, 2 partially paid, 3 recovered, 4 written off, 5 disputed
  status smallint not null default 0 check (status between 0 and 5),
  notice_count integer not null default 0,
  last_notice_channel smallint,
  last_notice_time timestamptz,
  -- where and by whom the debt was (last) paid: the lot, the collector or channel
  recovered_time timestamptz,
  recovered_channel smallint,
  recovered_lot_id text references parking(id) on delete set null,
  recovered_by text not null default '',
  write_off_reason text not null default '',
  dispute_reason text not null default '',
  handled_by text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  constraint arrears_record_split check (principal_cents = recovered_cents + owed_cents)
);
create index arrears_record_exit_idx on arrears_record(exit_time desc, id);
create index arrears_record_lot_idx on arrears_record(parking_id, exit_time desc);
create index arrears_record_status_idx on arrears_record(status, exit_time desc);
create index arrears_record_plate_idx on arrears_record(plate_no text_pattern_ops);
create index arrears_record_owed_idx on arrears_record(owed_cents);

-- one notice to one plate: SMS or WeChat template, now or at a later time, with the simulated result
create table arrears_notice (
  id text primary key,
  batch_no text not null,
  plate_no text not null,
  parking_id text not null references parking(id) on delete restrict,
  -- the records the notice names (the history of a record: $1 = any(record_ids))
  record_ids text[] not null,
  owed_cents bigint not null,
  -- 1 SMS, 2 WeChat template message
  channel smallint not null check (channel in (1, 2)),
  content text not null,
  -- 0 scheduled, 1 sent, 2 delivered, 3 failed, 4 cancelled
  status smallint not null default 0 check (status between 0 and 4),
  result_msg text not null default '',
  send_at timestamptz not null,
  -- the China date of send_at: one notice per plate per day
  notice_day date not null,
  sent_time timestamptz,
  sender text not null default '',
  create_time timestamptz not null default now()
);
create unique index arrears_notice_plate_day_idx on arrears_notice(plate_no, notice_day) where status <> 4;
create index arrears_notice_records_idx on arrears_notice using gin (record_ids);
create index arrears_notice_time_idx on arrears_notice(send_at desc, id);
create index arrears_notice_due_idx on arrears_notice(send_at) where status = 0;
create index arrears_notice_lot_idx on arrears_notice(parking_id, send_at desc);

-- the recovery policy: one row
create table arrears_policy (
  id smallint primary key default 1 check (id = 1),
  delay_hours integer not null default 24 check (delay_hours between 1 and 720),
  -- 1 this lot, 2 the lots of the same operator, 3 all lots
  hunt_scope smallint not null default 1 check (hunt_scope in (1, 2, 3)),
  block_entry boolean not null default false,
  show_on_exit boolean not null default true,
  modified_by text not null default '',
  last_modify_time timestamptz
);
insert into arrears_policy (id) values (1);

do $$
declare t text;
begin
  foreach t in array array['arrears_record', 'arrears_notice'] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I for each statement execute function note_table_change()',
      t || '_change', t);
  end loop;
end $$;
