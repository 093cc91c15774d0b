-- The system rows the code has offered this database (menus, buttons, dictionaries and their
-- entries, by their stable ids): a later start adds only what was never offered, so an upgrade
-- brings its new screens' buttons and dictionaries to an existing database, and an entry its
-- administrator deleted stays deleted. What the database has now counts as offered.
create table seed_known (id text primary key);
insert into seed_known (id)
select id from menus where id like 'm-%'
union select id from menu_buttons where id like 'b-%'
union select id from dictionaries where id like 'd-%'
union select id from dict_detail where id like 'dd-%';
