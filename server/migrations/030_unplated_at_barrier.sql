-- An unplated car (无牌) at a barrier: the lane camera sees a car but reads no plate, so which stay
-- it is stays unknown until the driver's phone names it (the entry pass it got by scanning the entry
-- lane's code: its order's public token). At an entry lane such a car waits to be let in by that scan.
-- `entering`: the car was seen coming in (an entry lane's camera), not going out; a two-way lane
-- tells the two apart by it, so a car on its way out is never offered a new stay.
alter table lane_presence alter column order_id drop not null;
alter table lane_presence add column entering boolean not null default false;
