-- Users, roles, menus and grants
create table users (
  id text primary key,
  account text not null unique,
  real_name text not null default '',
  phone text not null default '',
  email text not null default '',
  avatar text not null default '',
  status smallint not null default 1,
  password_hash text not null,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);

create table roles (
  id text primary key,
  full_name text not null,
  en_code text not null unique,
  status smallint not null default 1,
  description text not null default '',
  sort_code integer not null default 0,
  create_time timestamptz not null default now()
);

create table user_roles (
  user_id text not null references users(id) on delete cascade,
  role_id text not null references roles(id) on delete cascade,
  primary key (user_id, role_id)
);

create table menus (
  id text primary key,
  parent_id text not null default '-1',
  full_name text not null,
  en_code text not null unique,
  icon text not null default '',
  type smallint not null,
  url_address text not null default '',
  sort_code integer not null default 0,
  link_target text not null default '_self',
  property_json text not null default '{"noCache":false}',
  enabled_mark smallint not null default 1,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index menus_parent_idx on menus(parent_id);

create table menu_buttons (
  id text primary key,
  menu_id text not null references menus(id) on delete cascade,
  full_name text not null,
  en_code text not null unique,
  sort_code integer not null default 0
);
create index menu_buttons_menu_idx on menu_buttons(menu_id);

create table role_menus (
  role_id text not null references roles(id) on delete cascade,
  menu_id text not null references menus(id) on delete cascade,
  primary key (role_id, menu_id)
);

create table role_buttons (
  role_id text not null references roles(id) on delete cascade,
  button_id text not null references menu_buttons(id) on delete cascade,
  primary key (role_id, button_id)
);

-- Sessions and sign-in
create table tokens (
  token text primary key,
  user_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index tokens_user_idx on tokens(user_id);

create table login_attempts (
  account text primary key,
  fail_count integer not null default 0,
  last_failed_at timestamptz
);

create table captchas (
  key text primary key,
  text text not null,
  expires_at timestamptz not null
);

create table sms_codes (
  account text primary key,
  code text not null,
  expires_at timestamptz not null
);

create table sys_config (
  key text primary key,
  value text not null
);

create table login_log (
  id integer generated always as identity primary key,
  account text not null,
  success boolean not null,
  reason text not null default '',
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now()
);

create table oper_log (
  id integer generated always as identity primary key,
  user_id text,
  account text not null default '',
  action text not null check (action in ('create', 'update', 'delete', 'status', 'export', 'login')),
  module text not null,
  record_id text not null default '',
  detail text not null default '',
  ip text not null default '',
  created_at timestamptz not null default now()
);

-- Parking lots
create table parking (
  id text primary key,
  parking_code text not null unique,
  parking_name text not null,
  type smallint not null,
  road_type smallint not null,
  parking_kind smallint,
  region_code text not null default '',
  region_name text not null default '',
  street text not null default '',
  address text not null default '',
  lng numeric(10, 6),
  lat numeric(10, 6),
  total_spaces integer not null default 0,
  temp_spaces integer not null default 0,
  rental_spaces integer not null default 0,
  charging_spaces integer not null default 0,
  price_type smallint,
  open_time text not null default '',
  close_time text not null default '',
  contact_name text not null default '',
  contact_phone text not null default '',
  description text not null default '',
  enabled_mark smallint not null default 1,
  sort_code integer not null default 0,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index parking_region_idx on parking(region_code);
