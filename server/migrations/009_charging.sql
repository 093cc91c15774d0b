-- EV charging (充电管理): stations, piles, connectors, time-of-use price templates with versions and
-- price-change tasks, charging orders with their meter samples. Codes follow T/CEC 102 (notes §9).
-- Prices are integer 1/100000 yuan per kWh, money integer cents, energy integer Wh.

create table charging_price (
  id text primary key,
  price_name text not null unique,
  -- [{"tier": 1, "elec": 138125, "service": 80000}, …]; tier 1 sharp, 2 peak, 3 flat, 4 valley
  tiers jsonb not null,
  -- [{"start": "00:00", "end": "08:00", "tier": 4}, …]: the day in 30-minute steps, covering 24 h
  periods jsonb not null,
  -- [{"name": "夏季", "months": [7, 8, 9], "periods": […]}]: variants for some months
  seasons jsonb not null default '[]',
  -- bumped by every change; piles and orders name the version they use
  version int not null default 1,
  enabled_mark smallint not null default 1,
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);

-- the template as it was before each change (历史计费策略)
create table charging_price_version (
  id bigserial primary key,
  price_id text not null references charging_price(id) on delete cascade,
  version int not null,
  snapshot jsonb not null,
  archived_by text not null default '',
  archive_time timestamptz not null default now(),
  unique (price_id, version)
);

create table charging_station (
  id text primary key,
  station_code text not null unique,
  station_name text not null,
  -- 1 public, 50 personal, 100 bus, 101 sanitation, 102 logistics, 103 taxi, 255 other
  station_type smallint not null default 1,
  -- 0 unknown, 1 building, 5 closed, 6 maintenance, 50 normal
  station_status smallint not null default 50,
  -- 0 paid, 1 free, 2 free for a time, 3 free while charging
  park_fee_type smallint not null default 0,
  park_free_minutes int not null default 0,
  parking_id text references parking(id) on delete set null,
  open_hours text not null default '00:00-24:00',
  operator_name text not null default '',
  address text not null default '',
  lng numeric(10, 6),
  lat numeric(10, 6),
  enabled_mark smallint not null default 1,
  description text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);

create table charging_pile (
  id text primary key,
  pile_no text not null unique check (pile_no ~ '^[0-9]{14}$'),
  pile_name text not null default '',
  station_id text not null references charging_station(id),
  -- 1 DC, 2 AC, 3 AC/DC, 4 wireless
  equipment_type smallint not null,
  power_kw int not null,
  vendor text not null default '',
  model text not null default '',
  price_id text references charging_price(id) on delete set null,
  -- the template version the pile acknowledged
  price_version int,
  heartbeat_interval int not null default 30,
  last_heartbeat timestamptz,
  -- the simulator leaves these piles silent (offline in the demo)
  sim_offline boolean not null default false,
  enabled_mark smallint not null default 1,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index charging_pile_station_idx on charging_pile(station_id);

create table charging_gun (
  id text primary key,
  -- 9-digit operator code + 14-digit pile no. + 3-digit gun no.
  connector_id text not null unique,
  pile_id text not null references charging_pile(id) on delete cascade,
  gun_no smallint not null,
  -- 1 home socket, 2 AC socket, 3 AC plug, 4 DC gun, 5 wireless
  connector_type smallint not null,
  rated_power_kw int not null,
  space_no text not null default '',
  -- the last OCPP 1.6 StatusNotification and its T/CEC code (0 offline, 1 idle, 2 plugged, 3 charging, 4 reserved, 255 fault)
  ocpp_status text not null default 'Available',
  status smallint not null default 1,
  status_time timestamptz not null default now(),
  create_time timestamptz not null default now(),
  last_modify_time timestamptz,
  unique (pile_id, gun_no)
);

create table charging_price_task (
  id text primary key,
  price_id text not null references charging_price(id) on delete cascade,
  version int not null,
  create_by text not null default '',
  create_time timestamptz not null default now()
);

-- each pile's answer to a task: 0 waiting, 1 done, 2 failed
create table charging_price_task_pile (
  task_id text not null references charging_price_task(id) on delete cascade,
  pile_id text not null references charging_pile(id) on delete cascade,
  status smallint not null default 0,
  attempts int not null default 1,
  message text not null default '',
  respond_time timestamptz,
  primary key (task_id, pile_id)
);

create table charging_order (
  id text primary key,
  order_no text not null unique,
  station_id text not null references charging_station(id),
  pile_id text not null references charging_pile(id),
  gun_id text not null references charging_gun(id),
  plate_no text not null default '',
  phone text not null default '',
  -- 1 app/QR, 2 card, 4 offline card, 5 VIN
  start_mode smallint not null default 1,
  -- 1 starting, 2 charging, 3 stopping, 4 finished, 5 unknown, 8 abnormal, 20 abnormal handled
  state smallint not null default 1,
  start_time timestamptz not null,
  end_time timestamptz,
  meter_start_wh bigint not null default 0,
  meter_stop_wh bigint,
  energy_wh bigint not null default 0,
  soc_start smallint,
  soc_end smallint,
  -- 0 user, 1 platform, 2 BMS, 3 charger fault, 4 connector disconnected, 5 no meter progress, 6 closed by an administrator
  stop_reason smallint,
  -- the template as it was at the start: the bill is priced from it
  price_id text,
  price_version int,
  price_snapshot jsonb not null,
  -- the bill's lines (tier, from–to, prices, Wh, fees)
  segments jsonb not null default '[]',
  elec_cents bigint not null default 0,
  service_cents bigint not null default 0,
  discount_cents bigint not null default 0,
  total_cents bigint not null default 0,
  paid_cents bigint not null default 0,
  refund_cents bigint not null default 0,
  -- 0 unpaid, 1 paid, 2 partly refunded, 3 refunded
  pay_status smallint not null default 0,
  last_meter_time timestamptz,
  stop_request_time timestamptz,
  handle_by text not null default '',
  handle_reason text not null default '',
  -- simulator: the SoC the car stops at, and a stalled meter (goes abnormal)
  sim_target_soc smallint,
  sim_stalled boolean not null default false,
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);
create index charging_order_start_idx on charging_order(start_time desc);
create index charging_order_active_idx on charging_order(state) where state in (1, 2, 3);
create index charging_order_gun_idx on charging_order(gun_id);

-- OCPP MeterValues of a session: the energy register (billing) and the curve's other series
create table charging_meter (
  order_id text not null references charging_order(id) on delete cascade,
  at timestamptz not null,
  energy_wh bigint not null,
  power_w int not null default 0,
  voltage_dv int not null default 0,
  current_da int not null default 0,
  soc smallint,
  primary key (order_id, at)
);
