import { badRequest } from '../lib/envelope.ts';
import { type Input, optInt, optString } from '../lib/fields.ts';

/** Paging and filter building shared by the system screens' list APIs. */

export interface Page {
  currentPage: number;
  pageSize: number;
}

/** currentPage is 1-based (the amis crud default); pageSize 1..1000 (selects ask for up to 9999 via dictDetail). */
export function readPage(q: Input, maxSize = 1000): Page {
  const currentPage = optInt(q.currentPage, '当前页码必须是正整数') ?? 1;
  if (currentPage < 1) throw badRequest('当前页码必须是正整数');
  const pageSize = optInt(q.pageSize, `每页条数必须是1到${maxSize}之间的整数`) ?? 10;
  if (pageSize < 1 || pageSize > maxSize) throw badRequest(`每页条数必须是1到${maxSize}之间的整数`);
  return { currentPage, pageSize };
}

/** Collects `where` conditions with numbered parameters; `?` in a condition stands for its value. */
export class Where {
  readonly conds: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, v: unknown): this {
    this.params.push(v);
    this.conds.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /** `%keyword%` for ilike, with the wildcard characters of the keyword escaped. */
  static like(q: Input, key: string, label: string): string | undefined {
    const s = optString(q[key], label, 100);
    return s ? `%${s.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  }

  get sql(): string {
    return this.conds.length ? `where ${this.conds.join(' and ')}` : '';
  }

  /** `limit $n offset $m` appended to the parameters. */
  limit(p: Page): string {
    this.params.push(p.pageSize, (p.currentPage - 1) * p.pageSize);
    return `limit $${this.params.length - 1} offset $${this.params.length}`;
  }
}

export const pageResult = <T>(list: T[], p: Page, total: number) => ({
  list,
  pagination: { currentPage: p.currentPage, pageSize: p.pageSize, total },
});
