import Type, { type TObject } from 'typebox';

/** currentPage is 1-based (the amis crud default); pageSize 1..1000. */
export const pageQuery = Type.Object({
  currentPage: Type.Optional(
    Type.Integer({ title: '当前页码', minimum: 1, maximum: 1_000_000, default: 1, 'x-msg': '当前页码必须是正整数' }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ title: '每页条数', minimum: 1, maximum: 1000, default: 10, 'x-msg': '每页条数必须是1到1000之间的整数' }),
  ),
});

/** How a list reads its page from the query, and the page as its answer names it. */
export interface Paging {
  schema: TObject;
  read(q: Record<string, unknown>): { currentPage: number; pageSize: number; offset: number };
}

export const paging: Paging = {
  schema: pageQuery,
  read: (q) => {
    const [currentPage, pageSize] = [q.currentPage as number, q.pageSize as number];
    return { currentPage, pageSize, offset: (currentPage - 1) * pageSize };
  },
};

/** The spec's dictionary entries (api/dictDetail): `page` from 0, `size` up to 9999 so a select gets every entry. */
export const zeroBasedPaging: Paging = {
  schema: Type.Object({
    page: Type.Optional(Type.Integer({ title: '页码', minimum: 0, maximum: 1_000_000, default: 0, 'x-msg': '页码必须是非负整数' })),
    size: Type.Optional(
      Type.Integer({ title: '每页条数', minimum: 1, maximum: 9999, default: 10, 'x-msg': '每页条数必须是1到9999之间的整数' }),
    ),
  }),
  read: (q) => {
    const [page, size] = [q.page as number, q.size as number];
    return { currentPage: page, pageSize: size, offset: page * size };
  },
};
