import Type from 'typebox';

/** currentPage is 1-based (the amis crud default); pageSize 1..1000. */
export const pageQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer({ title: '当前页码', minimum: 1, maximum: 1_000_000, default: 1, 'x-msg': '当前页码必须是正整数' })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 1000, default: 10, 'x-msg': '每页条数必须是1到1000之间的整数' })),
});
