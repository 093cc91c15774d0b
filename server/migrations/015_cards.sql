-- Monthly and group cards (月卡产品, 月卡, 团体卡; money-and-charging.md §7). Money in integer cents,
-- validity as China calendar days (both ends included). Statuses of domain/card-codes.ts:
-- 0 pending pay, 1 active, 2 expiring (≤ 7 days), 3 expired, 4 frozen (server/cards/state-machine.ts).

create table card_product (
  id text primary key,
  product_name text not null unique,
  -- 1 month, 2 quarter, 3 year, 4 N days (period_days)
  period_kind smallint not null check (period_kind between 1 and 4),
  period_days integer not null default 0 check (period_days between 0 and 3660),
  price_cents bigint not null check (price_cents >= 0),
  -- 1 all day, 2 day only (07:00–19:00), 3 night only (19:00–07:00), 4 working days
  time_window smallint not null default 1 check (time_window between 1 and 4),
  parking_ids text[] not null default '{}',
  -- renewal after expiry is allowed this many days, from the old end (1) or the payment day (2)
  renew_limit_days integer not null default 7 check (renew_limit_days between 0 and 366),
  renew_from smallint not null default 1 check (renew_from in (1, 2)),
  max_periods integer not null default 12 check (max_periods between 1 and 36),
  enabled_mark smallint not null default 1,
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  constraint card_product_days check (period_kind <> 4 or period_days > 0)
);
create index card_product_parking_idx on card_product using gin (parking_ids);

create table month_card (
  id text primary key,
  card_no text not null unique,
  product_id text not null references card_product(id) on delete restrict,
  parking_id text not null references parking(id) on delete restrict,
  plate_nos text[] not null check (cardinality(plate_nos) between 1 and 5),
  owner_name text not null,
  -- stored whole, answered masked (3+4) on every screen and export
  owner_phone text not null default '',
  -- periods bought when opened (the opening payment is price × periods)
  periods integer not null default 1 check (periods between 1 and 36),
  start_date date not null,
  end_date date not null,
  status smallint not null default 0 check (status between 0 and 4),
  freeze_reason text not null default '',
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  constraint month_card_period check (end_date >= start_date)
);
create index month_card_lot_idx on month_card(parking_id, create_time desc);
create index month_card_plates_idx on month_card using gin (plate_nos);
create index month_card_status_idx on month_card(status, end_date);
create index month_card_list_idx on month_card(create_time desc, id);

-- a company sharing N slots among many plates in one lot (§7.4)
create table group_card (
  id text primary key,
  card_no text not null unique,
  company_name text not null,
  contact_name text not null default '',
  contact_phone text not null default '',
  parking_id text not null references parking(id) on delete restrict,
  slots integer not null check (slots between 1 and 1000),
  plate_nos text[] not null check (cardinality(plate_nos) between 1 and 200),
  -- the agreed price of the whole term
  price_cents bigint not null default 0 check (price_cents >= 0),
  start_date date not null,
  end_date date not null,
  status smallint not null default 0 check (status between 0 and 4),
  freeze_reason text not null default '',
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  constraint group_card_period check (end_date >= start_date)
);
create index group_card_lot_idx on group_card(parking_id, create_time desc);
create index group_card_plates_idx on group_card using gin (plate_nos);
create index group_card_status_idx on group_card(status, end_date);

-- a group card plate's stay: it holds a slot from hold_from (null while it waits, billed as
-- temporary) until it leaves; the rows are the slot history
create table group_card_slot (
  id text primary key,
  group_card_id text not null references group_card(id) on delete cascade,
  parking_id text not null references parking(id) on delete restrict,
  plate_no text not null,
  order_id text references parking_order(id) on delete set null,
  entry_time timestamptz not null,
  hold_from timestamptz,
  left_time timestamptz,
  constraint group_card_slot_times check (hold_from is null or hold_from >= entry_time)
);
create unique index group_card_slot_open_idx on group_card_slot(group_card_id, plate_no) where left_time is null;
create index group_card_slot_card_idx on group_card_slot(group_card_id, entry_time desc);
create index group_card_slot_order_idx on group_card_slot(order_id);

-- a card's payments: opening and each renewal, with the period it bought
create table card_payment (
  id text primary key,
  -- 'month' or 'group'
  card_kind text not null check (card_kind in ('month', 'group')),
  card_id text not null,
  card_no text not null,
  parking_id text not null references parking(id) on delete restrict,
  -- 1 open, 2 renew
  pay_kind smallint not null check (pay_kind in (1, 2)),
  periods integer not null default 1,
  period_start date not null,
  period_end date not null,
  amount_cents bigint not null check (amount_cents >= 0),
  channel smallint not null,
  serial_no text not null,
  pay_time timestamptz not null default now(),
  operator text not null default ''
);
create index card_payment_card_idx on card_payment(card_id, pay_time);
create index card_payment_time_idx on card_payment(pay_time desc);

-- every change of a card after it was created: who, when, before, after, why
create table card_audit (
  id text primary key,
  card_kind text not null check (card_kind in ('month', 'group')),
  card_id text not null,
  action text not null,
  operator text not null,
  operate_time timestamptz not null default now(),
  before jsonb not null,
  after jsonb not null,
  reason text not null default ''
);
create index card_audit_card_idx on card_audit(card_id, operate_time);

-- the cards' cover of a stay as it was billed (fees/card-cover.ts intervals with their reasons):
-- the details re-price a seeded order with it, so a later card change never re-prices history
alter table parking_order add column card_cover jsonb;

do $$
declare t text;
begin
  foreach t in array array['card_product', 'month_card', 'group_card', 'group_card_slot', 'card_payment'] loop
    insert into table_change (name) values (t);
    execute format('create trigger %I after insert or update or delete or truncate on %I for each statement execute function note_table_change()', t || '_change', t);
  end loop;
end $$;
