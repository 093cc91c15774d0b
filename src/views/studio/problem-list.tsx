import type { PageProblem } from './studio-api';
import { st } from './studio-texts';

/** The checker's problems, each by its JSON path (`/body/0/columns/2/label`). */
export function ProblemList({ problems, onPick }: { problems: PageProblem[] | null; onPick: (pointer: string) => void }) {
  if (!problems) return null;
  if (!problems.length)
    return (
      <p className="pc-studio-problems pc-studio-problems--ok" role="status">
        {st('noProblems')}
      </p>
    );
  return (
    <div className="pc-studio-problems" role="alert">
      <strong>{st('problems', { n: problems.length })}</strong>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {/* a page's own problem shows its place in the JSON; a fragment's names its file (`file#/path`) */}
            {p.path.startsWith('/') || p.path === '' ? (
              <button type="button" className="pc-studio-link" title={st('showInJson')} onClick={() => onPick(p.path)}>
                <code>{p.path || '/'}</code>
              </button>
            ) : (
              <code>{p.path}</code>
            )}{' '}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
