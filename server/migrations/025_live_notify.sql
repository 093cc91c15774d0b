-- The big screens' push (server/live/): every statement that writes a versioned table (010) also
-- says which table changed on the channel `table_change`. Only the name travels, never data
-- (a NOTIFY payload is small and the listeners recompute); PostgreSQL sends it at commit, once per
-- table and transaction, and never for a transaction that rolls back.
create or replace function note_table_change() returns trigger language plpgsql as $$
begin
  update table_change set version = version + 1 where name = tg_table_name;
  perform pg_notify('table_change', tg_table_name);
  return null;
end $$;

-- Tables the screens read that no list versions: they only announce.
create function announce_table_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('table_change', tg_table_name);
  return null;
end $$;

do $$
declare t text;
begin
  foreach t in array array['parking_order_payment'] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I for each statement execute function announce_table_change()',
      t || '_announce', t);
  end loop;
end $$;
