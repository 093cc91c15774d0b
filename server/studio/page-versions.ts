import type { Db } from '../db/database.ts';

/** One saved version of a page (migration 027). */
export interface PageVersion {
  urlAddress: string;
  version: number;
  body: string;
  draft: boolean;
  restoredFrom: number | null;
  account: string;
  createdAt: string;
}

const COLUMNS = `url_address as "urlAddress", version, body, draft, restored_from as "restoredFrom", account,
  to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "createdAt"`;

/** Every version of a page, newest first, without their texts (the history list). */
export async function listVersions(db: Db, urlAddress: string): Promise<Omit<PageVersion, 'body'>[]> {
  const { rows } = await db.query<PageVersion>(
    `select ${COLUMNS} from studio_page_version where url_address = $1 order by version desc limit 200`,
    [urlAddress],
  );
  return rows.map(({ body: _body, ...rest }) => rest);
}

export async function getVersion(db: Db, urlAddress: string, version: number): Promise<PageVersion | undefined> {
  const { rows } = await db.query<PageVersion>(`select ${COLUMNS} from studio_page_version where url_address = $1 and version = $2`, [
    urlAddress,
    version,
  ]);
  return rows[0];
}

/** The newest version of any kind: a save names it as the one it started from. */
export async function latestVersion(db: Db, urlAddress: string): Promise<PageVersion | undefined> {
  const { rows } = await db.query<PageVersion>(
    `select ${COLUMNS} from studio_page_version where url_address = $1 order by version desc limit 1`,
    [urlAddress],
  );
  return rows[0];
}

/** The version the site serves: the newest that is not a draft. */
export async function publishedVersion(db: Db, urlAddress: string): Promise<PageVersion | undefined> {
  const { rows } = await db.query<PageVersion>(
    `select ${COLUMNS} from studio_page_version where url_address = $1 and not draft order by version desc limit 1`,
    [urlAddress],
  );
  return rows[0];
}

/** The served text of every page saved from the studio (a start brings the bundle's files in line). */
export async function publishedPages(db: Db): Promise<{ urlAddress: string; body: string }[]> {
  const { rows } = await db.query<{ urlAddress: string; body: string }>(
    `select distinct on (url_address) url_address as "urlAddress", body from studio_page_version
      where not draft order by url_address, version desc`,
  );
  return rows;
}

/**
 * Takes the page's lock for the transaction (two saves of one page queue, on every instance) and
 * answers its newest version number, 0 when never saved.
 */
export async function lockPage(tx: Db, urlAddress: string): Promise<number> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('studio-page:' || $1))`, [urlAddress]);
  const { rows } = await tx.query<{ v: number | null }>('select max(version) as v from studio_page_version where url_address = $1', [
    urlAddress,
  ]);
  return Number(rows[0]?.v ?? 0);
}

export async function insertVersion(
  tx: Db,
  row: { urlAddress: string; version: number; body: string; draft: boolean; restoredFrom?: number; userId?: string; account: string },
): Promise<void> {
  await tx.query(
    `insert into studio_page_version (url_address, version, body, draft, restored_from, user_id, account)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.urlAddress, row.version, row.body, row.draft, row.restoredFrom ?? null, row.userId ?? null, row.account],
  );
}
