-- A debt's amounts come from its movements: principal = recovered + written off + owed. A write-off
-- used to leave the forgiven amount in owed_cents, so a written-off debt still counted as 待追缴.
alter table arrears_record drop constraint arrears_record_split;
alter table arrears_record add column written_off_cents bigint not null default 0 check (written_off_cents >= 0);
update arrears_record set written_off_cents = owed_cents, owed_cents = 0 where status = 4;
update arrears_record set recovered_cents = principal_cents, owed_cents = 0 where status = 3;
alter table arrears_record add constraint arrears_record_split
  check (principal_cents = recovered_cents + written_off_cents + owed_cents);
