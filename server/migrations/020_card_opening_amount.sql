-- A month card's opening payment is fixed when the card is opened (its product's price × periods
-- then): a price changed before the owner pays does not change what the owner was told to pay.
alter table month_card add column amount_cents bigint check (amount_cents >= 0);
update month_card c set amount_cents = p.price_cents * c.periods from card_product p where p.id = c.product_id;
alter table month_card alter column amount_cents set not null;
