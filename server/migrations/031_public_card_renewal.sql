-- A monthly card renewed from the driver's phone (the bill's 续费 when a valid card covers the stay):
-- the payment names the card and the periods it renews, at the price the driver was shown. The
-- renewal itself is the card's own (a card_payment row and the card's audit, as at the desk), made
-- when the provider's notify comes; a renewal no longer possible then is money held for a refund.
alter table public_payment
  add column card_id text references month_card(id) on delete restrict,
  add column renew_periods smallint not null default 0 check (renew_periods >= 0),
  add column renew_cents bigint not null default 0 check (renew_cents >= 0);
-- the amount's check of 024 (named by PostgreSQL, as it reads several columns): found by what it says
do $$
declare c text;
begin
  select conname into strict c from pg_constraint
   where conrelid = 'public_payment'::regclass and contype = 'c'
     and pg_get_constraintdef(oid) like '%amount_cents = (stay_cents + arrears_cents)%';
  execute format('alter table public_payment drop constraint %I', c);
end $$;
alter table public_payment
  add constraint public_payment_amount_cents_check check (amount_cents > 0 and amount_cents = stay_cents + arrears_cents + renew_cents),
  add constraint public_payment_renewal_check check ((card_id is null) = (renew_periods = 0) and (card_id is null) = (renew_cents = 0));
