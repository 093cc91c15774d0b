import type { PageLoadResult } from './page-loader';

/** Explains, inside the tab, why a JSON page cannot be shown. */
export function PageProblem({ result }: { result: Exclude<PageLoadResult, { kind: 'ok' }> }) {
  return (
    <section className="pc-card pc-page-problem" role="alert">
      {result.kind === 'missing' ? (
        <>
          <h2>页面文件不存在</h2>
          <p>
            菜单地址 <code>{result.urlAddress}</code> 没有对应的页面文件。已查找：
          </p>
          <ul>
            {result.tried.map((path) => (
              <li key={path}>
                <code>{path}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.kind === 'malformed' ? (
        <>
          <h2>页面文件格式错误</h2>
          <p>
            <code>{result.file}</code> 第 {result.line} 行，第 {result.column} 列
          </p>
          <pre>{result.message}</pre>
        </>
      ) : null}
      {result.kind === 'unavailable' ? (
        <>
          <h2>页面文件无法读取</h2>
          <p>
            <code>{result.file}</code>（HTTP {result.status}）
          </p>
        </>
      ) : null}
    </section>
  );
}
