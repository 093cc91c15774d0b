-- Sign-in guard (server/services/sign-in-guard.ts): the rate-limit counters of @fastify/rate-limit,
-- kept here so that every server instance on this database counts together, and account locks.
create table rate_limits (
  -- '<limit>:<client address or account>'
  key text primary key,
  hits integer not null,
  -- the end of the current window (database time)
  reset_at timestamptz not null
);
create index rate_limits_reset_idx on rate_limits (reset_at);

-- consecutive failures lock the account until then (an administrator can unlock it sooner)
alter table login_attempts add column locked_until timestamptz;
create index login_attempts_failed_idx on login_attempts (last_failed_at);

-- 用户管理's 解锁 button, for databases seeded before it existed (a fresh one gets it from the seed):
-- granted to the roles that may enable and disable users
insert into menu_buttons (id, menu_id, full_name, en_code, sort_code)
  select 'b-user:unlock', id, '解锁', 'user:unlock', 6 from menus where id = 'm-user'
  on conflict do nothing;
insert into role_buttons (role_id, button_id)
  select rb.role_id, 'b-user:unlock' from role_buttons rb
   where rb.button_id = 'b-user:status' and exists (select 1 from menu_buttons where id = 'b-user:unlock')
  on conflict do nothing;
