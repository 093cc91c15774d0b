-- System screens: dictionaries and their entries, the lots a user may see.
create table dictionaries (
  id text primary key,
  name text not null unique,
  full_name text not null,
  description text not null default '',
  sort_code integer not null default 0,
  create_time timestamptz not null default now()
);

-- entries reference the dictionary by name: the client asks by dictName
create table dict_detail (
  id text primary key,
  dict_name text not null references dictionaries(name) on update cascade on delete cascade,
  label text not null,
  value text not null,
  content text not null default '',
  dict_sort integer not null default 0,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  unique (dict_name, value)
);
create index dict_detail_name_idx on dict_detail(dict_name, dict_sort);

-- parking ids are kept as text without a foreign key: a lot may be deleted by another screen
create table user_parking (
  user_id text not null references users(id) on delete cascade,
  parking_id text not null,
  primary key (user_id, parking_id)
);
