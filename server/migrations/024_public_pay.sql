-- The public pages (docs/public-api.md): an order's public token (the only id a driver's page sees,
-- random, never a sequence), the car at an exit lane's barrier, and payments made from a phone or a
-- collector's handheld through a (simulated) pay provider.
alter table parking_order add column public_token text;
create unique index parking_order_public_token_idx on parking_order(public_token) where public_token is not null;

-- the lane camera's last sight: a car waiting at the barrier (gone when it leaves)
create table lane_presence (
  lane_id text primary key references parking_lane(id) on delete cascade,
  order_id text not null references parking_order(id) on delete cascade,
  arrived_at timestamptz not null default now()
);

-- one row per payment asked of the provider; status: awaiting → paid, or closed
create table public_payment (
  out_trade_no text primary key,
  order_id text not null references parking_order(id) on delete restrict,
  lane_id text,
  -- the debts paid with it, as billed: [{ "id": …, "cents": … }]
  arrears jsonb not null default '[]',
  stay_cents bigint not null check (stay_cents >= 0),
  arrears_cents bigint not null check (arrears_cents >= 0),
  amount_cents bigint not null check (amount_cents > 0 and amount_cents = stay_cents + arrears_cents),
  -- the stay is priced as it stood when the bill was shown
  billed_at timestamptz not null,
  channel smallint not null,
  collector text not null default '',
  status text not null default 'awaiting' check (status in ('awaiting', 'paid', 'closed')),
  provider_txn_id text unique,
  paid_at timestamptz,
  -- what the payment did: settled the exit, paid in the lot, or could not be applied (the order had moved on)
  outcome text not null default '',
  create_time timestamptz not null default now()
);
create index public_payment_order_idx on public_payment(order_id);

-- the simulated provider's own books: what the wallet paid under each trade number, at most once
create table pay_provider_sim (
  out_trade_no text primary key,
  amount_cents bigint not null,
  txn_id text not null unique,
  paid_at timestamptz not null default now()
);
