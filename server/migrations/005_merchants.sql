-- Merchants (商户): shops that issue parking coupons to their customers from a prepaid balance.
create table merchant (
  id text primary key,
  merchant_name text not null unique,
  contact_name text not null default '',
  contact_phone text not null default '',
  -- the lots whose exits accept this merchant's coupons
  parking_ids text[] not null default '{}',
  -- prepaid balance in cents
  balance bigint not null default 0 check (balance >= 0),
  enabled_mark smallint not null default 1,
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index merchant_parking_idx on merchant using gin (parking_ids);
