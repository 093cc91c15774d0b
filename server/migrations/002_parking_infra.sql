-- Parking infrastructure: fee rule per plate colour on lots, areas, lanes, spaces, devices.

-- [{ "plateColor": 5, "ruleName": "..." }]; kept on the lot until fee rules get their own table
alter table parking add column fee_rules jsonb not null default '[]';

-- level: 1 district, 2 street, 3 road segment, 4 lot, 5 zone inside a lot (floor, sub-garage)
create table parking_area (
  id text primary key,
  parent_id text references parking_area(id) on delete restrict,
  area_name text not null,
  area_code text not null unique,
  level smallint not null check (level between 1 and 5),
  parking_id text references parking(id) on delete restrict,
  region_code text not null default '',
  sort_code integer not null default 0,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index parking_area_parent_idx on parking_area(parent_id);
create index parking_area_parking_idx on parking_area(parking_id);

create table device (
  id text primary key,
  device_code text not null unique,
  device_name text not null,
  -- 1 camera, 2 barrier controller, 3 LED screen, 4 ground sensor, 5 charging pile
  device_type smallint not null check (device_type between 1 and 5),
  parking_id text not null references parking(id) on delete restrict,
  lane_id text,
  vendor text not null default '',
  ip text not null default '',
  serial_no text not null default '',
  firmware text not null default '',
  heartbeat_interval integer not null default 30,
  last_heartbeat timestamptz,
  -- the heartbeat simulator leaves these devices silent (a broken device in the demo)
  sim_fault boolean not null default false,
  enabled_mark smallint not null default 1,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index device_parking_idx on device(parking_id);

create table parking_lane (
  id text primary key,
  parking_id text not null references parking(id) on delete restrict,
  area_id text references parking_area(id) on delete set null,
  lane_code text not null,
  lane_name text not null,
  -- 1 in, 2 out, 3 both
  direction smallint not null,
  -- 1 entry, 2 exit, 3 in-park payment
  qr_type smallint not null,
  -- 1 valid, 0 void
  qr_status smallint not null default 1,
  qr_version integer not null default 1,
  qr_time timestamptz not null default now(),
  barrier_device_id text references device(id) on delete set null,
  camera_device_id text references device(id) on delete set null,
  -- 1 admit and charge, 2 refuse, 3 manual confirmation
  non_member_policy smallint not null default 1,
  enabled_mark smallint not null default 1,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  unique (parking_id, lane_code)
);
create index parking_lane_parking_idx on parking_lane(parking_id);
alter table device add constraint device_lane_fk foreign key (lane_id) references parking_lane(id) on delete set null;

create table parking_space (
  id text primary key,
  parking_id text not null references parking(id) on delete restrict,
  area_id text references parking_area(id) on delete set null,
  space_no text not null,
  sensor_no text not null default '',
  -- 1 temporary, 2 owned, 3 long-rental, 4 visitor, 5 charging, 6 accessible
  space_type smallint not null,
  -- 0 free, 1 occupied, 2 reserved, 3 fault, 4 disabled
  status smallint not null default 0,
  plate_no text not null default '',
  plate_color smallint,
  holder_name text not null default '',
  holder_phone text not null default '',
  rental_start date,
  rental_end date,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  unique (parking_id, space_no)
);
create index parking_space_parking_idx on parking_space(parking_id, status);
