-- Fee rules (计费规则). A rule is a name, a vehicle type and a body of prices (server/fees/types.ts
-- FeeRuleBody, kept as jsonb: the engine reads it whole). Each version freezes a body; orders store
-- (rule id, version), so editing a rule in use writes a new version and history is never re-priced.
create table fee_rule (
  id text primary key,
  rule_name text not null unique,
  -- 1 small, 2 large, 3 extra large, 4 medium, 5 e-bike (P云 vehicle_type)
  vehicle_type smallint not null default 1,
  -- the current body and its version number
  body jsonb not null,
  version integer not null default 1,
  enabled_mark smallint not null default 1,
  description text not null default '',
  modifier text not null default '',
  create_time timestamptz not null default now(),
  last_modify_time timestamptz
);

create table fee_rule_version (
  rule_id text not null references fee_rule(id) on delete cascade,
  version integer not null,
  body jsonb not null,
  -- set once the version is bound to a lot: from then on it never changes
  in_use boolean not null default false,
  -- stays from this instant on are priced with this version (the latest effective one wins)
  effective_time timestamptz not null default now(),
  creator text not null default '',
  create_time timestamptz not null default now(),
  primary key (rule_id, version)
);

-- which rule prices a lot's stays, per plate colour and car class (null = any)
create table fee_rule_binding (
  id text primary key,
  parking_id text not null references parking(id) on delete cascade,
  plate_color smallint,
  car_class smallint,
  rule_id text not null references fee_rule(id) on delete restrict,
  create_time timestamptz not null default now()
);
create unique index fee_rule_binding_key on fee_rule_binding(parking_id, coalesce(plate_color, 0), coalesce(car_class, 0));
create index fee_rule_binding_rule_idx on fee_rule_binding(rule_id);
