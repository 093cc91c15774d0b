import { useEffect, useState } from 'react';
import { diffVersion, listVersions, rollback, type DiffLine, type VersionRow } from './studio-api';
import { st } from './studio-texts';

function Diff({ title, lines }: { title: string; lines: DiffLine[] | null }) {
  return (
    <section className="pc-studio-diff">
      <h4>{title}</h4>
      {lines === null ? (
        <p>{st('noRepo')}</p>
      ) : (
        <pre>
          {lines.map((l, i) => (
            <div key={i} className={l.op === '+' ? 'is-added' : l.op === '-' ? 'is-removed' : undefined}>
              {l.op} {l.text}
            </div>
          ))}
        </pre>
      )}
    </section>
  );
}

/**
 * Every saved version of the page (who, when, draft or not), each with its diff against the version
 * before and against pages-json/; rolling back saves that version's text as a new version.
 */
export function VersionPanel({
  urlAddress,
  current,
  canSave,
  onRolledBack,
}: {
  urlAddress: string;
  /** the newest version the editor holds */
  current: number;
  canSave: boolean;
  onRolledBack: (version: number, message: string) => void;
}) {
  const [rows, setRows] = useState<VersionRow[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [diff, setDiff] = useState<{ previous: DiffLine[]; repo: DiffLine[] | null } | null>(null);
  useEffect(() => {
    void listVersions(urlAddress).then((res) => setRows(res.data?.list ?? []));
  }, [urlAddress, current]);
  useEffect(() => {
    setDiff(null);
    if (open !== null) void diffVersion(urlAddress, open).then((res) => setDiff(res.data));
  }, [urlAddress, open]);
  if (!rows) return <p>{st('loading')}</p>;
  if (!rows.length) return <p>{st('noVersions')}</p>;
  return (
    <ul className="pc-studio-versions">
      {rows.map((row) => (
        <li key={row.version}>
          <button
            type="button"
            className="pc-studio-link"
            aria-expanded={open === row.version}
            onClick={() => setOpen(open === row.version ? null : row.version)}
          >
            {st('version', { v: row.version })}
          </button>{' '}
          {row.account} {row.createdAt} {row.draft ? `· ${st('draft')}` : ''}{' '}
          {row.restoredFrom === 0 ? `· ${st('original')}` : row.restoredFrom ? `· ${st('restored', { v: row.restoredFrom })}` : ''}
          {canSave && row.version !== current ? (
            <button
              type="button"
              className="pc-btn"
              onClick={() =>
                void rollback(urlAddress, row.version, current).then((res) =>
                  res.code === 200 && res.data
                    ? onRolledBack(res.data.version, st('rolledBack', { v: res.data.version }))
                    : onRolledBack(current, res.msg),
                )
              }
            >
              {st('rollback')}
            </button>
          ) : null}
          {open === row.version && diff ? (
            <div className="pc-studio-diffs">
              <Diff title={st('diffPrevious')} lines={diff.previous} />
              <Diff title={st('diffRepo')} lines={diff.repo} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
