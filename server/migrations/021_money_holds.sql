-- Money that holds under retries and races.
-- A card whose payments are all paid back is ended for good: status 5 (已退卡).
alter table month_card drop constraint month_card_status_check;
alter table month_card add constraint month_card_status_check check (status between 0 and 5);
alter table group_card drop constraint group_card_status_check;
alter table group_card add constraint group_card_status_check check (status between 0 and 5);

-- A merchant's ledger is its money's history: never deleted with the merchant (the delete is refused).
alter table merchant_ledger drop constraint merchant_ledger_merchant_id_fkey;
alter table merchant_ledger add constraint merchant_ledger_merchant_id_fkey
  foreign key (merchant_id) references merchant(id) on delete restrict;

-- Idempotent writes (server/lib/idempotency.ts): one row per caller and key, claimed before the
-- handler runs, holding the first answer for repeats.
create table idempotency_key (
  account text not null,
  key text not null,
  request_hash text not null,
  done boolean not null default false,
  http_status integer,
  response text,
  create_time timestamptz not null default now(),
  finish_time timestamptz,
  primary key (account, key)
);
create index idempotency_key_time_idx on idempotency_key(create_time);
