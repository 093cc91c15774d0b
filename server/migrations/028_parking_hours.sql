-- Kept hourly totals of the stays (issue 35): entries by the hour a car came in, exits with their
-- stay minutes, receivable, discount, owed and zero-fee count by the hour it left, per lot. The
-- dashboard's and big screens' flows and ended-stay figures add up a day's 24 rows instead of
-- reading every order of the day (server/figures/parking.ts; a window's partial hours are read from
-- the orders). Kept like finance_day: statement triggers in the writing transaction, through the
-- one definition parking_hour_moves(order). Each hour also keeps the sums of its entries' and exits'
-- instants (epoch seconds), so time utilisation needs no order rows: the minutes cars occupied a window
-- [from, to) are N(from)·(to − from) + Σ entries (to − entry) − Σ exits (to − exit), N(from) the stays
-- open at `from` (server/figures/parking.ts timeUtilisation).

create type parking_hour_move as (
  hour timestamptz,
  parking_id text,
  entries bigint,
  exits bigint,
  stay_minutes numeric,
  receivable_cents bigint,
  discount_cents bigint,
  owed_cents bigint,
  zero_fee bigint,
  entry_epochs numeric,
  exit_epochs numeric
);

create function parking_hour_moves(o parking_order) returns setof parking_hour_move language sql immutable as $$
  select to_timestamp(floor(extract(epoch from o.entry_time) / 3600) * 3600), o.parking_id, 1::bigint, 0::bigint, 0::numeric, 0::bigint,
         0::bigint, 0::bigint, 0::bigint, extract(epoch from o.entry_time), 0::numeric
  union all
  select to_timestamp(floor(extract(epoch from o.exit_time) / 3600) * 3600), o.parking_id, 0, 1, extract(epoch from o.exit_time - o.entry_time) / 60,
         o.receivable_cents, o.discount_cents, o.owed_cents, case when o.paid_cents = 0 then 1 else 0 end, 0, extract(epoch from o.exit_time)
   where o.exit_time is not null
$$;

create table parking_hour (
  hour timestamptz not null,
  parking_id text not null,
  entries bigint not null default 0,
  exits bigint not null default 0,
  stay_minutes numeric not null default 0,
  receivable_cents bigint not null default 0,
  discount_cents bigint not null default 0,
  owed_cents bigint not null default 0,
  zero_fee bigint not null default 0,
  entry_epochs numeric not null default 0,
  exit_epochs numeric not null default 0,
  primary key (hour, parking_id)
);

create function parking_hour_keep() returns trigger language plpgsql as $$
declare
  changed text;
begin
  changed := case tg_op
    when 'INSERT' then 'select row(r.*)::parking_order as r, 1 as sign from new_rows r'
    when 'DELETE' then 'select row(r.*)::parking_order as r, -1 as sign from old_rows r'
    else 'select row(r.*)::parking_order as r, 1 as sign from new_rows r union all select row(r.*)::parking_order, -1 from old_rows r' end;
  execute format($q$
    insert into parking_hour as t (hour, parking_id, entries, exits, stay_minutes, receivable_cents, discount_cents, owed_cents, zero_fee,
                                   entry_epochs, exit_epochs)
    select m.hour, m.parking_id, sum(m.entries * d.sign), sum(m.exits * d.sign), sum(m.stay_minutes * d.sign),
           sum(m.receivable_cents * d.sign), sum(m.discount_cents * d.sign), sum(m.owed_cents * d.sign), sum(m.zero_fee * d.sign),
           sum(m.entry_epochs * d.sign), sum(m.exit_epochs * d.sign)
      from (%s) d cross join lateral parking_hour_moves(d.r) m
     group by 1, 2
    having sum(m.entries * d.sign) <> 0 or sum(m.exits * d.sign) <> 0 or sum(m.stay_minutes * d.sign) <> 0
        or sum(m.receivable_cents * d.sign) <> 0 or sum(m.discount_cents * d.sign) <> 0 or sum(m.owed_cents * d.sign) <> 0
        or sum(m.zero_fee * d.sign) <> 0 or sum(m.entry_epochs * d.sign) <> 0 or sum(m.exit_epochs * d.sign) <> 0
     order by 1, 2
    on conflict (hour, parking_id) do update set
      entries = t.entries + excluded.entries, exits = t.exits + excluded.exits, stay_minutes = t.stay_minutes + excluded.stay_minutes,
      receivable_cents = t.receivable_cents + excluded.receivable_cents, discount_cents = t.discount_cents + excluded.discount_cents,
      owed_cents = t.owed_cents + excluded.owed_cents, zero_fee = t.zero_fee + excluded.zero_fee,
      entry_epochs = t.entry_epochs + excluded.entry_epochs, exit_epochs = t.exit_epochs + excluded.exit_epochs$q$, changed);
  return null;
end $$;

create function parking_hour_rebuild() returns void language sql as $$
  delete from parking_hour;
  insert into parking_hour (hour, parking_id, entries, exits, stay_minutes, receivable_cents, discount_cents, owed_cents, zero_fee,
                            entry_epochs, exit_epochs)
  select m.hour, m.parking_id, sum(m.entries), sum(m.exits), sum(m.stay_minutes), sum(m.receivable_cents), sum(m.discount_cents),
         sum(m.owed_cents), sum(m.zero_fee), sum(m.entry_epochs), sum(m.exit_epochs)
    from parking_order o cross join lateral parking_hour_moves(o) m group by 1, 2;
$$;

create function parking_hour_rebuild_trigger() returns trigger language plpgsql as $$
begin
  perform parking_hour_rebuild();
  return null;
end $$;

create trigger parking_order_hour_insert after insert on parking_order
  referencing new table as new_rows for each statement execute function parking_hour_keep();
create trigger parking_order_hour_update after update on parking_order
  referencing old table as old_rows new table as new_rows for each statement execute function parking_hour_keep();
create trigger parking_order_hour_delete after delete on parking_order
  referencing old table as old_rows for each statement execute function parking_hour_keep();
create trigger parking_order_hour_truncate after truncate on parking_order
  for each statement execute function parking_hour_rebuild_trigger();

select parking_hour_rebuild();
