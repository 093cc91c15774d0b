-- A version per listed table, bumped by every statement that writes it, in the writing transaction:
-- a list remembers the total of a filter with the version it was counted at (server/resource/count-cache.ts),
-- and a version read in the same statement as a page is exactly as new as that page's rows.
create table table_change (
  name text primary key,
  version bigint not null default 0
);

create function note_table_change() returns trigger language plpgsql as $$
begin
  update table_change set version = version + 1 where name = tg_table_name;
  return null;
end $$;

do $$
declare t text;
begin
  foreach t in array array[
    'parking', 'parking_lane', 'parking_space', 'device', 'merchant', 'users', 'roles', 'dictionaries',
    'dict_detail', 'login_log', 'oper_log', 'fee_rule', 'parking_order', 'charging_station', 'charging_pile',
    'charging_gun', 'charging_price', 'charging_order'
  ] loop
    insert into table_change (name) values (t);
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I for each statement execute function note_table_change()',
      t || '_change', t);
  end loop;
end $$;
