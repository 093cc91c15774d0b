-- Addresses each account signed in from successfully (services/sign-in/account-locks.ts): an owner
-- signing in from one of them is not kept out by a lock that a stranger's failures caused.
create table sign_in_addresses (
  account text not null,
  address text not null,
  last_success_at timestamptz not null default now(),
  primary key (account, address)
);
create index sign_in_addresses_seen_idx on sign_in_addresses (last_success_at);
