-- Parking orders (停车订单): one stay of one car in one lot, its split amounts, the rule version it
-- was priced with, its payments, coupons, refund requests and an audit of every change by hand.
-- Money in integer cents; receivable = discount + paid (net of refunds) + owed, always.

-- Fuzzy plate search without an extension (PGlite and PostgreSQL alike): the plate's 3-character
-- pieces in a GIN index; a query of 3 or more characters narrows by them, then `like` confirms.
-- The same cut in JS: entities/parking-orders.ts plateGrams.
create function plate_grams(p text) returns text[] language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct substr(p, i, 3)), '{}')
    from generate_series(1, greatest(char_length(p) - 2, 0)) as i
$$;

create table parking_order (
  id text primary key,
  order_no text not null unique,
  parking_id text not null references parking(id) on delete restrict,
  area_id text references parking_area(id) on delete set null,
  space_no text not null default '',
  plate_no text not null,
  -- 1 white, 2 yellow, 3 green, 4 black, 5 blue; null for an unplated car
  plate_color smallint,
  -- plate_grams(plate_no), written by every writer (entities/parking-orders.ts plateGrams in JS): a
  -- generated column costs a function call per row, too slow for the seeded history
  plate_grams text[] not null default '{}',
  -- 1 temporary, 2 monthly, 3 group, 4 whitelist, 5 visitor, 6 unplated
  car_class smallint not null default 1,
  -- 1 camera, 2 PDA, 3 ground sensor, 4 manual
  source smallint not null default 1,
  entry_lane_id text references parking_lane(id) on delete set null,
  exit_lane_id text references parking_lane(id) on delete set null,
  entry_time timestamptz not null,
  exit_time timestamptz,
  -- orders/state-machine.ts: 0 in park, 1 paid in park, 2 completed, 3 free exit, 4 manual release,
  -- 5 pay later, 6 unpaid waiting, 7 arrears, 8 recovered, 9 written off, 10 abnormal, 11 closed by hand
  state smallint not null default 0 check (state between 0 and 11),
  receivable_cents bigint not null default 0 check (receivable_cents >= 0),
  discount_cents bigint not null default 0 check (discount_cents >= 0),
  paid_cents bigint not null default 0 check (paid_cents >= 0),
  owed_cents bigint not null default 0 check (owed_cents >= 0),
  -- the channel of the last payment (0 none): 1 WeChat, 2 Alipay, 3 cash, 4 UnionPay, 5 ETC, 7 card
  pay_channel smallint not null default 0,
  pay_time timestamptz,
  -- the fee rule (id, version) the amount was computed with: a later rule edit never re-prices it
  rule_id text,
  rule_version integer,
  -- the engine's fee lines (piece, from, to, units, unit price, fee) as priced
  -- null for the seeded history: the details recompute them from the frozen rule version
  fee_lines jsonb,
  collector text not null default '',
  -- names the entry/exit capture images without the order id (an image request carries no token)
  photo_key text not null default md5(random()::text || clock_timestamp()::text),
  -- why the barrier was opened by hand / the order closed by hand
  release_reason text not null default '',
  close_reason text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  constraint parking_order_split check (receivable_cents = discount_cents + paid_cents + owed_cents)
);
-- the list is ordered by entry time; each filter has an index that keeps that order
create index parking_order_entry_idx on parking_order(entry_time desc, id);
create index parking_order_lot_idx on parking_order(parking_id, entry_time desc);
create index parking_order_area_idx on parking_order(area_id) where area_id is not null;
create index parking_order_exit_idx on parking_order(exit_time desc);
create index parking_order_state_idx on parking_order(state, entry_time desc);
create index parking_order_colour_idx on parking_order(plate_color, entry_time desc);
create index parking_order_class_idx on parking_order(car_class, entry_time desc);
create index parking_order_channel_idx on parking_order(pay_channel, entry_time desc);
create index parking_order_source_idx on parking_order(source, entry_time desc);
create index parking_order_amount_idx on parking_order(receivable_cents);
create index parking_order_plate_idx on parking_order(plate_no text_pattern_ops);
create index parking_order_grams_idx on parking_order using gin (plate_grams);
create index parking_order_photo_idx on parking_order(photo_key);
-- the simulator finds the cars still in a lot
create index parking_order_open_idx on parking_order(parking_id) where exit_time is null;

-- one row per payment of a stay (prepaid in park, at the exit, after leaving)
create table parking_order_payment (
  id text primary key,
  order_id text not null references parking_order(id) on delete cascade,
  channel smallint not null,
  serial_no text not null,
  pay_time timestamptz not null,
  value_cents bigint not null check (value_cents > 0),
  -- cash change handed back
  change_cents bigint not null default 0 check (change_cents >= 0),
  operator text not null default ''
);
create index parking_order_payment_order_idx on parking_order_payment(order_id);

create table parking_order_coupon (
  id text primary key,
  order_id text not null references parking_order(id) on delete cascade,
  coupon_no text not null,
  merchant_name text not null default '',
  -- 1 amount, 2 minutes, 3 full free, 4 discount
  coupon_type smallint not null,
  face_value integer not null default 0,
  deducted_cents bigint not null default 0 check (deducted_cents >= 0),
  use_time timestamptz not null
);
create index parking_order_coupon_order_idx on parking_order_coupon(order_id);

-- refund requests raised from an order; the refund screens approve and pay them (0 applied,
-- 1 approved, 2 refunding, 3 refunded, 4 failed, 5 rejected); only 3 lowers the order's paid amount
create table parking_order_refund (
  id text primary key,
  order_id text not null references parking_order(id) on delete cascade,
  refund_no text not null unique,
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null check (char_length(reason) > 0),
  status smallint not null default 0,
  applicant text not null,
  apply_time timestamptz not null default now()
);
create index parking_order_refund_order_idx on parking_order_refund(order_id);

-- every change by hand after the fact: who, when, what before, what after, and why
create table parking_order_audit (
  id text primary key,
  order_id text not null references parking_order(id) on delete cascade,
  -- close, changeAmount, waive, arrears, refund
  action text not null,
  operator text not null,
  operate_time timestamptz not null default now(),
  before jsonb not null,
  after jsonb not null,
  reason text not null check (char_length(reason) > 0)
);
create index parking_order_audit_order_idx on parking_order_audit(order_id, operate_time);
