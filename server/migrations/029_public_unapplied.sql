-- Public payments taken but not (wholly) applied (server/public/payments.ts): the part applied to
-- nothing is kept apart from the debts and stay it did pay, so the finance ledger counts only that
-- part as money held for the driver (the debts' part is already their payment rows), and the console
-- can give it back once (退款审核 › 未入账支付).
alter table public_payment
  add column unapplied_cents bigint not null default 0 check (unapplied_cents >= 0 and unapplied_cents <= amount_cents),
  -- 0 none, 1 refunded to the driver (once: a conditional update from 0)
  add column refund_state smallint not null default 0 check (refund_state in (0, 1)),
  add column refunded_at timestamptz,
  add column refund_operator text not null default '',
  add column refund_reason text not null default '',
  add constraint public_payment_refund_check check (refund_state = 0 or (refunded_at is not null and unapplied_cents > 0));
create index public_payment_unapplied_idx on public_payment(paid_at) where unapplied_cents > 0;

-- the money received and applied to nothing ('in' when paid), and the same given back ('refund' when refunded)
create or replace function finance_moves_public(p public_payment) returns setof finance_move language sql stable as $$
  select p.paid_at, (select o.parking_id from parking_order o where o.id = p.order_id), p.channel, 'unapplied', 'in', p.unapplied_cents
   where p.status = 'paid' and p.paid_at is not null and p.unapplied_cents > 0
  union all
  select p.refunded_at, (select o.parking_id from parking_order o where o.id = p.order_id), p.channel, 'unapplied', 'refund',
         -p.unapplied_cents
   where p.status = 'paid' and p.refund_state = 1 and p.refunded_at is not null and p.unapplied_cents > 0
$$;

-- the rows before this migration: the stay's part when the stay was not applied, and each debt the
-- outcome names as not applied ('unapplied debt <id>: …'); the debts paid are payment rows already
update public_payment p set unapplied_cents =
       case when position('unapplied stay:' in p.outcome) > 0 then p.stay_cents else 0 end
       + coalesce((select sum((d ->> 'cents')::bigint) from jsonb_array_elements(p.arrears) d
                    where position('unapplied debt ' || (d ->> 'id') || ':' in p.outcome) > 0), 0)
 where p.status = 'paid' and p.outcome like 'unapplied%';

select finance_day_rebuild();
