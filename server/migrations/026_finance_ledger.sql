-- Finance (issue 35): every movement of money as one row of one shape, read by the finance reports,
-- the dashboard and the big screens alike (server/figures/money.ts). A movement is money received
-- ('in') or paid back ('refund', negative), dated in China time by when it moved:
--   parking payments and arrears recoveries  pay_time of the payment (cash flow, not exit time)
--   card payments                            pay_time; merchant top-ups: the ledger row's time
--   charging                                 pay_time (the session's end when the app paid it)
--   refunds                                  refund_time: the day the channel paid the money back
--   public payments taken but not applied    paid_at (money held for a driver, to be refunded)
-- finance_moves_* below are the one definition per source: the recount view and the kept totals
-- both call them, so the two cannot disagree on what a movement is.

-- each source row names its lot (and a payment its purpose) itself, so a movement never needs a
-- join that a later delete or edit could break
alter table parking_order_payment add column parking_id text, add column purpose smallint not null default 1;
comment on column parking_order_payment.purpose is '1 the stay, 2 an arrears recovery (a debt paid after the car left)';
update parking_order_payment p set parking_id = o.parking_id from parking_order o where o.id = p.order_id;
update parking_order_payment p set purpose = 2
  from arrears_record a where a.order_id = p.order_id and p.pay_time >= a.create_time;
alter table parking_order_payment alter column parking_id set not null;
create index parking_order_payment_time_idx on parking_order_payment(pay_time);

-- a top-up arrives by bank transfer (channel 8 对公转账 in the finance reports)
alter table merchant_ledger add column parking_id text, add column channel smallint not null default 8;
update merchant_ledger l set parking_id = m.parking_ids[1] from merchant m where m.id = l.merchant_id;

alter table charging_order add column parking_id text, add column pay_time timestamptz, add column pay_channel smallint not null default 0;
update charging_order o set parking_id = s.parking_id from charging_station s where s.id = o.station_id;
update charging_order set pay_time = coalesce(end_time, last_modify_time, start_time), pay_channel = 1 where paid_cents > 0;

-- a charging refund is a dated row like a parking one (the order keeps the running total)
create table charging_refund (
  id text primary key,
  order_id text not null references charging_order(id) on delete cascade,
  parking_id text,
  channel smallint not null,
  amount_cents bigint not null check (amount_cents > 0),
  refund_time timestamptz not null default now(),
  operator text not null default '',
  reason text not null default ''
);
create index charging_refund_order_idx on charging_refund(order_id);
create index charging_refund_time_idx on charging_refund(refund_time);
insert into charging_refund (id, order_id, parking_id, channel, amount_cents, refund_time, operator, reason)
select 'crf-' || id, id, parking_id, greatest(pay_channel, 1), refund_cents, coalesce(last_modify_time, end_time, start_time), handle_by, handle_reason
  from charging_order where refund_cents > 0;

create type finance_move as (at timestamptz, parking_id text, channel smallint, source text, kind text, cents bigint);

create function finance_moves_payment(p parking_order_payment) returns setof finance_move language sql immutable as $$
  select p.pay_time, p.parking_id, p.channel, case p.purpose when 2 then 'arrears' else 'parking' end, 'in', p.value_cents
$$;

create function finance_moves_refund(r parking_order_refund) returns setof finance_move language sql immutable as $$
  select r.refund_time, r.parking_id, r.channel, case when r.card_payment_id is null then 'parking' else 'card' end, 'refund',
         -r.amount_cents
   where r.status = 3 and r.refund_time is not null
$$;

create function finance_moves_card(c card_payment) returns setof finance_move language sql immutable as $$
  select c.pay_time, c.parking_id, c.channel, 'card', 'in', c.amount_cents where c.amount_cents <> 0
$$;

create function finance_moves_merchant(l merchant_ledger) returns setof finance_move language sql immutable as $$
  select l.create_time, coalesce(l.parking_id, ''), l.channel, 'merchant', case when l.amount_cents < 0 then 'refund' else 'in' end,
         l.amount_cents
   where l.kind = 2 and l.amount_cents <> 0
$$;

create function finance_moves_charging(o charging_order) returns setof finance_move language sql immutable as $$
  select o.pay_time, coalesce(o.parking_id, ''), o.pay_channel, 'charging', 'in', o.paid_cents
   where o.paid_cents > 0 and o.pay_time is not null
$$;

create function finance_moves_charging_refund(r charging_refund) returns setof finance_move language sql immutable as $$
  select r.refund_time, coalesce(r.parking_id, ''), r.channel, 'charging', 'refund', -r.amount_cents
$$;

-- money a driver paid that could not be applied (the order had moved on): received, owed back
create function finance_moves_public(p public_payment) returns setof finance_move language sql stable as $$
  select p.paid_at, (select o.parking_id from parking_order o where o.id = p.order_id), p.channel, 'unapplied', 'in', p.amount_cents
   where p.status = 'paid' and p.paid_at is not null and p.outcome like 'unapplied%'
$$;

-- every movement, recounted from the sources (the reports' drill-down and the drift test read it)
create view finance_move_all as
  select 'payment' as src, r.id as src_id, m.* from parking_order_payment r cross join lateral finance_moves_payment(r) m
  union all select 'refund', r.id, m.* from parking_order_refund r cross join lateral finance_moves_refund(r) m
  union all select 'card', r.id, m.* from card_payment r cross join lateral finance_moves_card(r) m
  union all select 'merchant', r.id, m.* from merchant_ledger r cross join lateral finance_moves_merchant(r) m
  union all select 'charging', r.id, m.* from charging_order r cross join lateral finance_moves_charging(r) m
  union all select 'chargingRefund', r.id, m.* from charging_refund r cross join lateral finance_moves_charging_refund(r) m
  union all select 'public', r.out_trade_no, m.* from public_payment r cross join lateral finance_moves_public(r) m;

-- the kept totals: one row per China day, lot ('' for none), channel, source and kind, written in
-- the same transaction as the money by statement triggers, whatever writes it
create table finance_day (
  day date not null,
  parking_id text not null,
  channel smallint not null,
  source text not null,
  kind text not null,
  cents bigint not null default 0,
  moves bigint not null default 0,
  primary key (day, parking_id, channel, source, kind)
);

create function finance_day_keep() returns trigger language plpgsql as $$
declare
  changed text;
begin
  -- a transition table's row is an anonymous record: row(…)::table gives the moves function its type
  changed := case tg_op
    when 'INSERT' then 'select row(r.*)::%1$I as r, 1 as sign from new_rows r'
    when 'DELETE' then 'select row(r.*)::%1$I as r, -1 as sign from old_rows r'
    else 'select row(r.*)::%1$I as r, 1 as sign from new_rows r union all select row(r.*)::%1$I, -1 from old_rows r' end;
  changed := format(changed, tg_table_name);
  -- rows in key order, so two writers never wait on each other in a circle
  execute format($q$
    insert into finance_day as t (day, parking_id, channel, source, kind, cents, moves)
    select (m.at at time zone 'Asia/Shanghai')::date, coalesce(m.parking_id, ''), m.channel, m.source, m.kind,
           sum(m.cents * d.sign), sum(d.sign)
      from (%s) d cross join lateral %I(d.r) m
     group by 1, 2, 3, 4, 5
    having sum(m.cents * d.sign) <> 0 or sum(d.sign) <> 0
     order by 1, 2, 3, 4, 5
    on conflict (day, parking_id, channel, source, kind) do update
      set cents = t.cents + excluded.cents, moves = t.moves + excluded.moves$q$, changed, tg_argv[0]);
  return null;
end $$;

-- the kept totals as a recount says they are (after a bulk load with triggers off, or a truncate)
create function finance_day_rebuild() returns void language sql as $$
  delete from finance_day;
  insert into finance_day (day, parking_id, channel, source, kind, cents, moves)
  select (at at time zone 'Asia/Shanghai')::date, coalesce(parking_id, ''), channel, source, kind, sum(cents), count(*)
    from finance_move_all group by 1, 2, 3, 4, 5;
$$;

create function finance_day_rebuild_trigger() returns trigger language plpgsql as $$
begin
  perform finance_day_rebuild();
  return null;
end $$;

do $$
declare
  src record;
begin
  for src in select * from (values
      ('parking_order_payment', 'finance_moves_payment'), ('parking_order_refund', 'finance_moves_refund'),
      ('card_payment', 'finance_moves_card'), ('merchant_ledger', 'finance_moves_merchant'),
      ('charging_order', 'finance_moves_charging'), ('charging_refund', 'finance_moves_charging_refund'),
      ('public_payment', 'finance_moves_public')) as s(tbl, fn)
  loop
    execute format('create trigger %1$s_finance_insert after insert on %1$I referencing new table as new_rows
                    for each statement execute function finance_day_keep(%2$L)', src.tbl, src.fn);
    execute format('create trigger %1$s_finance_update after update on %1$I referencing old table as old_rows new table as new_rows
                    for each statement execute function finance_day_keep(%2$L)', src.tbl, src.fn);
    execute format('create trigger %1$s_finance_delete after delete on %1$I referencing old table as old_rows
                    for each statement execute function finance_day_keep(%2$L)', src.tbl, src.fn);
    execute format('create trigger %1$s_finance_truncate after truncate on %1$I
                    for each statement execute function finance_day_rebuild_trigger()', src.tbl);
  end loop;
end $$;

select finance_day_rebuild();
