-- Refunds (退款申请 / 退款审核, money-and-charging.md §4): a request is against one payment of an
-- order, approved by another user, then paid back by the payment's channel under the request's
-- number (the idempotency key: a retry reuses it). The order keeps what was refunded beside its
-- split: receivable = discount + paid (net of refunds) + owed still holds.

alter table parking_order add column refunded_cents bigint not null default 0 check (refunded_cents >= 0);

-- refund_state of domain/refund-codes.ts: 0 applied, 1 approved, 2 refunding, 3 refunded, 4 failed,
-- 5 rejected, 6 closed
alter table parking_order_refund
  add column payment_id text references parking_order_payment(id) on delete restrict,
  add column parking_id text references parking(id) on delete restrict,
  add column channel smallint not null default 0,
  add column reason_code smallint not null default 9,
  add column applicant_id text not null default '',
  add column approver text not null default '',
  add column approver_id text not null default '',
  add column approve_time timestamptz,
  -- the approver's or closer's words (why rejected, why closed)
  add column audit_comment text not null default '',
  -- how many times the channel was asked (a retry asks again under the same refund_no)
  add column attempts integer not null default 0,
  add column channel_serial text not null default '',
  add column fail_reason text not null default '',
  add column refund_time timestamptz,
  add column last_modify_time timestamptz,
  add constraint parking_order_refund_status check (status between 0 and 6);

-- requests raised before this migration: their order's lot and first payment
update parking_order_refund r set parking_id = o.parking_id from parking_order o where o.id = r.order_id;
update parking_order_refund r
   set payment_id = (select p.id from parking_order_payment p where p.order_id = r.order_id order by p.pay_time limit 1),
       channel = coalesce((select p.channel from parking_order_payment p where p.order_id = r.order_id order by p.pay_time limit 1), 0);
alter table parking_order_refund alter column parking_id set not null;

-- the list is ordered by apply time; the queue filters by status, the lot scope by lot
create index parking_order_refund_apply_idx on parking_order_refund(apply_time desc, id);
create index parking_order_refund_status_idx on parking_order_refund(status, apply_time desc);
create index parking_order_refund_lot_idx on parking_order_refund(parking_id, apply_time desc);
create index parking_order_refund_payment_idx on parking_order_refund(payment_id);

insert into table_change (name) values ('parking_order_refund');
create trigger parking_order_refund_change after insert or update or delete or truncate on parking_order_refund
  for each statement execute function note_table_change();

-- The pay channels' side, simulated by the reference server (server/refunds/channel-sim.ts): what
-- each channel was asked (one row per attempt of a refund number), when and what it answers, and
-- the money it actually paid out. A real deployment talks to the channels instead.
create table refund_channel_request (
  refund_no text not null,
  attempt integer not null,
  channel smallint not null,
  amount_cents bigint not null check (amount_cents > 0),
  accepted_at timestamptz not null default now(),
  answer_at timestamptz not null,
  -- SUCCESS or FAIL, decided when the channel accepts
  outcome text not null check (outcome in ('SUCCESS', 'FAIL')),
  fail_reason text not null default '',
  -- answers still to send (a channel sometimes sends the same answer twice)
  answers_left smallint not null,
  channel_serial text not null,
  primary key (refund_no, attempt)
);
create index refund_channel_request_due_idx on refund_channel_request(answer_at) where answers_left > 0;

create table refund_channel_payout (
  id text primary key,
  refund_no text not null,
  channel smallint not null,
  amount_cents bigint not null,
  channel_serial text not null,
  paid_at timestamptz not null default now()
);
create index refund_channel_payout_no_idx on refund_channel_payout(refund_no);
