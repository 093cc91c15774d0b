-- The order list's unfiltered totals kept by the writes (issue 25): per lot, the number of orders
-- and the sums the list's summary shows. Counting a million orders after every write the traffic
-- makes cost ~650 ms a page; adding up one row per lot costs nothing. Statement triggers with
-- transition tables keep the rows exact in the writing transaction, whatever writes the orders
-- (the resource layer, the simulators, a bulk seed, hand-written SQL).
create table parking_order_totals (
  parking_id text primary key,
  order_count bigint not null default 0,
  receivable_cents bigint not null default 0,
  discount_cents bigint not null default 0,
  paid_cents bigint not null default 0,
  owed_cents bigint not null default 0,
  refunded_cents bigint not null default 0
);

insert into parking_order_totals
select parking_id, count(*), sum(receivable_cents), sum(discount_cents), sum(paid_cents), sum(owed_cents), sum(refunded_cents)
  from parking_order group by parking_id;

create function parking_order_totals_keep() returns trigger language plpgsql as $$
begin
  -- one upsert per statement; lots in id order so two writers never wait on each other in a circle
  if tg_op = 'INSERT' then
    insert into parking_order_totals as t
    select parking_id, count(*), sum(receivable_cents), sum(discount_cents), sum(paid_cents), sum(owed_cents), sum(refunded_cents)
      from new_rows group by parking_id order by parking_id
    on conflict (parking_id) do update set
      order_count = t.order_count + excluded.order_count, receivable_cents = t.receivable_cents + excluded.receivable_cents,
      discount_cents = t.discount_cents + excluded.discount_cents, paid_cents = t.paid_cents + excluded.paid_cents,
      owed_cents = t.owed_cents + excluded.owed_cents, refunded_cents = t.refunded_cents + excluded.refunded_cents;
  elsif tg_op = 'DELETE' then
    insert into parking_order_totals as t
    select parking_id, -count(*), -sum(receivable_cents), -sum(discount_cents), -sum(paid_cents), -sum(owed_cents), -sum(refunded_cents)
      from old_rows group by parking_id order by parking_id
    on conflict (parking_id) do update set
      order_count = t.order_count + excluded.order_count, receivable_cents = t.receivable_cents + excluded.receivable_cents,
      discount_cents = t.discount_cents + excluded.discount_cents, paid_cents = t.paid_cents + excluded.paid_cents,
      owed_cents = t.owed_cents + excluded.owed_cents, refunded_cents = t.refunded_cents + excluded.refunded_cents;
  else
    insert into parking_order_totals as t
    select parking_id, sum(n), sum(receivable_cents), sum(discount_cents), sum(paid_cents), sum(owed_cents), sum(refunded_cents)
      from (select parking_id, 1 as n, receivable_cents, discount_cents, paid_cents, owed_cents, refunded_cents from new_rows
            union all
            select parking_id, -1, -receivable_cents, -discount_cents, -paid_cents, -owed_cents, -refunded_cents from old_rows) d
     group by parking_id
    -- an update that moves no money (a state, a remark) writes no totals row
    having sum(n) <> 0 or sum(receivable_cents) <> 0 or sum(discount_cents) <> 0 or sum(paid_cents) <> 0
        or sum(owed_cents) <> 0 or sum(refunded_cents) <> 0
     order by parking_id
    on conflict (parking_id) do update set
      order_count = t.order_count + excluded.order_count, receivable_cents = t.receivable_cents + excluded.receivable_cents,
      discount_cents = t.discount_cents + excluded.discount_cents, paid_cents = t.paid_cents + excluded.paid_cents,
      owed_cents = t.owed_cents + excluded.owed_cents, refunded_cents = t.refunded_cents + excluded.refunded_cents;
  end if;
  return null;
end $$;

create trigger parking_order_totals_insert after insert on parking_order
  referencing new table as new_rows for each statement execute function parking_order_totals_keep();
create trigger parking_order_totals_update after update on parking_order
  referencing old table as old_rows new table as new_rows for each statement execute function parking_order_totals_keep();
create trigger parking_order_totals_delete after delete on parking_order
  referencing old table as old_rows for each statement execute function parking_order_totals_keep();

create function parking_order_totals_clear() returns trigger language plpgsql as $$
begin
  delete from parking_order_totals;
  return null;
end $$;

create trigger parking_order_totals_truncate after truncate on parking_order
  for each statement execute function parking_order_totals_clear();
