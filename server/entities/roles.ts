import { badRequest } from '../lib/envelope.ts';
import { defineResource, filter } from '../resource/define.ts';
import { f } from '../resource/fields.ts';
import { grantInputs, readGrantSet, writeGrants } from '../services/grants.ts';

/**
 * 角色: what a user may open and press. The administrator role is fixed (code, status, grants),
 * so the console can never lock everyone out.
 */

export const ADMIN_ROLE = { id: 'r-admin', code: 'admin' } as const;

export const roles = defineResource({
  table: 'roles',
  path: '/api/system/Role',
  idPrefix: 'r',
  module: 'role',
  fields: {
    fullName: f.text('角色名称', 50),
    enCode: f.enCode('角色编码'),
    status: f.oneOf('启用状态', [0, 1], '启用状态只能是0（停用）或1（启用）', { default: 1 }),
    description: f.text('描述', 200, { default: '' }),
    sortCode: f.int('排序', { min: -2_147_483_648, default: 0, msg: '排序必须是整数' }),
  },
  required: ['fullName', 'enCode'],
  // a new role may come with its grants (the grant tree's values, or menu ids and button codes)
  inputs: grantInputs,
  createOnly: Object.keys(grantInputs),
  unique: [{ fields: ['enCode'], msg: '角色编码已存在' }],
  derived: {
    userCount: (eb, self) =>
      eb
        .selectFrom('userRoles')
        .select((e) => e.cast(e.fn.countAll(), 'integer').as('n'))
        .whereRef('userRoles.roleId', '=', `${self}.id`)
        .$asScalar(),
  },
  filters: { keyword: filter.keyword(['fullName', 'enCode']) },
  orderBy: [
    ['sortCode', 'asc'],
    ['enCode', 'asc'],
  ],
  access: {
    // the user screen lists roles for its filter and form
    list: { menus: ['role', 'user'] },
    get: { menus: ['role'] },
    create: { buttons: ['role:add'] },
    update: { buttons: ['role:edit'] },
    delete: { buttons: ['role:delete'] },
  },
  modifiedColumn: null,
  statusField: 'status',
  describe: (v) => `${v.enCode} ${v.fullName}`,
  guards: {
    async update(_tx, before, after) {
      if (before.enCode === ADMIN_ROLE.code && (after.enCode !== before.enCode || after.status !== 1)) {
        throw badRequest('超级管理员角色的编码和状态不能修改');
      }
    },
    async delete(_tx, row) {
      if (row.enCode === ADMIN_ROLE.code) throw badRequest('超级管理员角色不能删除');
    },
  },
  effects: {
    async create({ tx, id, values }) {
      await writeGrants(tx, id, await readGrantSet(tx, values), true);
    },
  },
});
