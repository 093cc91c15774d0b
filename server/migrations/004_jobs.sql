-- Background jobs: the instance that holds a job's lease runs it (one runner per database).
create table job_lease (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null
);
