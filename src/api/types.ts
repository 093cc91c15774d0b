/** The platform's response envelope: code 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface PagedList<T> {
  list: T[];
  pagination: Pagination;
}

export interface MenuItem {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  /** 1 directory, 2 page, 7 external link */
  type: number;
  urlAddress: string;
  sortCode?: number;
  linkTarget?: string;
  propertyJson?: string;
  hasChildren: boolean;
  children?: MenuItem[];
}

export interface SessionUser {
  userId: string;
  /** the account */
  userName: string;
  realName?: string;
  avatar?: string;
  phone?: string;
  email?: string;
  roles?: { id: string; fullName: string; enCode: string }[];
}

export interface CurrentUserData extends SessionUser {
  buttonList: string[];
  menuList: MenuItem[];
}

export interface LoginForm {
  account: string;
  password: string;
  rememberMe: boolean;
  code?: string;
  timestamp?: string;
  smsCode?: string;
}
