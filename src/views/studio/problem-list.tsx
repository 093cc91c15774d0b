import type { PageProblem } from './studio-api';
import { st } from './studio-texts';

/** The checker's problems, each by its JSON path (`/body/0/columns/2/label`). */
export function ProblemList({ problems }: { problems: PageProblem[] | null }) {
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
            <code>{p.path || '/'}</code> {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
