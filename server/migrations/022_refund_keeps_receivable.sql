-- 应收 is what the stay cost and never changes by a refund: paid_cents counts every payment taken,
-- refunded_cents what went back, and 实收 is their difference. Orders refunded before this counted
-- both down by the refund; they are counted back up (receivable = discount + paid + owed still holds).
update parking_order
   set receivable_cents = receivable_cents + refunded_cents, paid_cents = paid_cents + refunded_cents
 where refunded_cents > 0;
alter table parking_order add constraint parking_order_refund_within_paid check (refunded_cents <= paid_cents);
comment on column parking_order.paid_cents is 'every payment taken, in cents; 实收 = paid_cents - refunded_cents';
