-- The page studio (/demo): every version of a site-bundle page saved from the browser, with who and
-- when. The newest version that is not a draft is the page the site serves: every instance sharing
-- this database reads it from here (server/studio/site-page-source.ts), the bundle's file mirrors it.
create table studio_page_version (
  url_address text not null,
  version integer not null check (version > 0),
  -- the file's text as written (formatted), byte for byte
  body text not null,
  -- a draft is kept but never written to the bundle nor served
  draft boolean not null default false,
  -- a rollback is a new version carrying an older one's text
  restored_from integer,
  user_id text,
  account text not null default '',
  created_at timestamptz not null default now(),
  primary key (url_address, version)
);

create index studio_page_version_published_idx on studio_page_version (url_address, version desc) where not draft;
