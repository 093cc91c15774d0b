-- A card's payment is refunded through 退款申请 / 退款审核 like an order's (issue 24): a refund row
-- is against one order payment or one card payment, never both; the card payment keeps what was
-- paid back, and the card's audit the steps.
alter table parking_order_refund
  alter column order_id drop not null,
  add column card_payment_id text references card_payment(id) on delete restrict,
  add column card_no text not null default '',
  add constraint parking_order_refund_subject check ((order_id is null) <> (card_payment_id is null));
create index parking_order_refund_card_payment_idx on parking_order_refund(card_payment_id) where card_payment_id is not null;
create index parking_order_refund_card_no_idx on parking_order_refund(card_no) where card_no <> '';

alter table card_payment add column refunded_cents bigint not null default 0,
  add constraint card_payment_refunded check (refunded_cents >= 0 and refunded_cents <= amount_cents);
