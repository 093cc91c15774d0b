-- 退款审核's keyword (a refund number, an order number or the start of a plate) looked the order up
-- for every refund: 130 ms a page at ten times the demo. The refund keeps its order's number and
-- plate (neither changes after an order is made), each indexed.
alter table parking_order_refund add column order_no text not null default '', add column plate_no text not null default '';
update parking_order_refund r set order_no = o.order_no, plate_no = o.plate_no from parking_order o where o.id = r.order_id;
create index parking_order_refund_order_no_idx on parking_order_refund(order_no);
create index parking_order_refund_plate_idx on parking_order_refund(plate_no text_pattern_ops);
