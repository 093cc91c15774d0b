import type { ColumnType, Generated } from 'kysely';

/** Row types of the system tables (users, roles, menus, dictionaries, logs), in the builder's camelCase. */

type Created = ColumnType<Date, Date | undefined, never>;
type Modified = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface UsersTable {
  id: string;
  account: string;
  realName: string;
  phone: string;
  email: string;
  avatar: string;
  status: number;
  passwordHash: string;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface RolesTable {
  id: string;
  fullName: string;
  enCode: string;
  status: number;
  description: string;
  sortCode: number;
  createTime: Created;
}

export interface UserRolesTable {
  userId: string;
  roleId: string;
}

/** the lots a user may see; no foreign key on the lot (another screen may delete it) */
export interface UserParkingTable {
  userId: string;
  parkingId: string;
}

export interface MenusTable {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  type: number;
  urlAddress: string;
  sortCode: number;
  linkTarget: string;
  propertyJson: string;
  enabledMark: number;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface MenuButtonsTable {
  id: string;
  menuId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
}

export interface RoleMenusTable {
  roleId: string;
  menuId: string;
}

export interface RoleButtonsTable {
  roleId: string;
  buttonId: string;
}

export interface TokensTable {
  token: string;
  userId: string;
  createdAt: Created;
  expiresAt: Date;
}

export interface DictionariesTable {
  id: string;
  name: string;
  fullName: string;
  description: string;
  sortCode: number;
  createTime: Created;
}

export interface DictDetailTable {
  id: string;
  dictName: string;
  label: string;
  value: string;
  content: string;
  dictSort: number;
  createTime: Created;
  lastModifyTime: Modified;
}

export interface OperLogTable {
  id: Generated<number>;
  userId: string | null;
  account: string;
  action: string;
  module: string;
  recordId: string;
  detail: string;
  ip: string;
  createdAt: Created;
}

export interface LoginLogTable {
  id: Generated<number>;
  account: string;
  success: boolean;
  reason: string;
  ip: string;
  userAgent: string;
  createdAt: Created;
}

export interface SysConfigTable {
  key: string;
  value: string;
}

export interface SystemTables {
  users: UsersTable;
  roles: RolesTable;
  userRoles: UserRolesTable;
  userParking: UserParkingTable;
  menus: MenusTable;
  menuButtons: MenuButtonsTable;
  roleMenus: RoleMenusTable;
  roleButtons: RoleButtonsTable;
  tokens: TokensTable;
  dictionaries: DictionariesTable;
  dictDetail: DictDetailTable;
  operLog: OperLogTable;
  loginLog: LoginLogTable;
  sysConfig: SysConfigTable;
}
