-- Coupons (优惠券, money-and-charging.md §6): a merchant's templates, the coupons issued from them
-- to plates, and the merchant's prepaid balance ledger. Money in integer cents.

-- coupon_type of domain/coupon-codes.ts: 1 amount (face_value cents), 2 minutes (face_value
-- minutes), 3 whole stay free, 4 discount (face_value = the payable ratio in per mille: 800 = 8折)
create table coupon_template (
  id text primary key,
  template_name text not null,
  merchant_id text not null references merchant(id) on delete restrict,
  -- the lots whose stays accept it (a subset of the merchant's)
  parking_ids text[] not null default '{}',
  coupon_type smallint not null check (coupon_type between 1 and 4),
  face_value integer not null default 0 check (face_value >= 0),
  -- the most one coupon takes off a stay (the merchant's risk); an amount coupon's is its face value
  cap_cents bigint not null default 0 check (cap_cents >= 0),
  -- 1 fixed dates (valid_from … valid_to, China calendar days, inclusive), 2 N days from issue
  valid_mode smallint not null default 2 check (valid_mode in (1, 2)),
  valid_from date,
  valid_to date,
  valid_days integer not null default 0 check (valid_days >= 0),
  -- coupons still to issue
  stock integer not null default 0 check (stock >= 0),
  issued_count integer not null default 0 check (issued_count >= 0),
  -- coupons of this template one plate may hold (issued, used or expired; a voided one gives its place back)
  per_plate_limit integer not null default 1 check (per_plate_limit >= 1),
  -- 1: may be used with other coupons on one stay; 0: must be the only coupon
  stackable smallint not null default 1 check (stackable in (0, 1)),
  enabled_mark smallint not null default 1,
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index coupon_template_merchant_idx on coupon_template(merchant_id);
create index coupon_template_parking_idx on coupon_template using gin (parking_ids);

-- state of domain/coupon-codes.ts: 0 issued, 1 used, 2 expired, 3 void (server/coupons/state-machine.ts)
create table coupon_record (
  id text primary key,
  coupon_no text not null unique,
  template_id text not null references coupon_template(id) on delete restrict,
  merchant_id text not null references merchant(id) on delete restrict,
  -- the template's terms when issued: a later template edit never changes an issued coupon
  template_name text not null,
  parking_ids text[] not null default '{}',
  coupon_type smallint not null,
  face_value integer not null,
  cap_cents bigint not null,
  stackable smallint not null,
  plate_no text not null,
  state smallint not null default 0 check (state between 0 and 3),
  issue_time timestamptz not null default now(),
  -- usable from start_time until (not including) expire_time
  start_time timestamptz not null,
  expire_time timestamptz not null,
  -- the most it may take off (its face value, or its cap): held against the merchant's balance while issued
  max_cents bigint not null default 0 check (max_cents >= 0),
  issuer text not null default '',
  -- where and when it was used, and what it took off
  order_id text references parking_order(id) on delete set null,
  used_parking_id text references parking(id) on delete set null,
  use_time timestamptz,
  deducted_cents bigint not null default 0 check (deducted_cents >= 0),
  void_reason text not null default '',
  last_modify_time timestamptz
);
create index coupon_record_issue_idx on coupon_record(issue_time desc, id);
create index coupon_record_plate_idx on coupon_record(plate_no, template_id);
create index coupon_record_merchant_state_idx on coupon_record(merchant_id, state);
create index coupon_record_due_idx on coupon_record(expire_time) where state = 0;
create index coupon_record_parking_idx on coupon_record using gin (parking_ids);
create index coupon_record_order_idx on coupon_record(order_id);

-- every change of a coupon after it was issued: who, when, before, after, why
create table coupon_record_audit (
  id text primary key,
  record_id text not null references coupon_record(id) on delete cascade,
  action text not null,
  operator text not null,
  operate_time timestamptz not null default now(),
  before jsonb not null,
  after jsonb not null,
  reason text not null default ''
);
create index coupon_record_audit_record_idx on coupon_record_audit(record_id, operate_time);

-- the merchant's prepaid balance, one row per movement (a coupon used: minus what it took off)
create table merchant_ledger (
  id text primary key,
  merchant_id text not null references merchant(id) on delete cascade,
  -- 1 coupon used, 2 top-up / adjustment
  kind smallint not null,
  amount_cents bigint not null,
  balance_after bigint not null check (balance_after >= 0),
  coupon_no text not null default '',
  order_id text,
  operator text not null default '',
  create_time timestamptz not null default now(),
  note text not null default ''
);
create index merchant_ledger_merchant_idx on merchant_ledger(merchant_id, create_time desc);

insert into table_change (name) values ('coupon_template'), ('coupon_record');
create trigger coupon_template_change after insert or update or delete or truncate on coupon_template
  for each statement execute function note_table_change();
create trigger coupon_record_change after insert or update or delete or truncate on coupon_record
  for each statement execute function note_table_change();
