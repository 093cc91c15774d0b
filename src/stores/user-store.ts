import { makeAutoObservable, runInAction } from 'mobx';
import * as authApi from '../api/auth';
import type { MenuItem, SessionUser } from '../api/types';
import { getToken, removeToken } from '../utils/auth-cookie';

/** Every signed-in user holds this one role on the client (spec §6). */
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';

/** The session: token, user, permissions and the menu they unlock. */
export class UserStore {
  token: string | undefined = getToken();
  user: SessionUser | null = null;
  buttonList: string[] = [];
  roles: string[] = [];
  menuList: MenuItem[] = [];
  loadMenus = false;

  constructor() {
    makeAutoObservable(this);
  }

  /**
   * A sign-in succeeded (the sign-in page saved the token cookie, src/views/login/login-page.tsx):
   * spec §4, the token is kept and menu loading is flagged as needed.
   */
  startSession(token: string | undefined) {
    this.token = token;
    this.loadMenus = true;
    // whoever signed in before (an expired session, another account) no longer counts:
    // the guard fetches this user's menus and buttons before the next screen
    this.roles = [];
  }

  /** Fetch the user, their buttons and menus. Throws when the call fails. */
  async getInfo(): Promise<void> {
    const res = await authApi.fetchCurrentUser();
    if (res.code !== 200 || !res.data) throw new Error(res.msg || 'CurrentUser failed');
    const { buttonList, menuList, ...user } = res.data;
    runInAction(() => {
      this.buttonList = buttonList ?? [];
      this.roles = [DEFAULT_ROLE];
      this.user = user;
      this.menuList = menuList ?? [];
    });
  }

  setLoadMenus(value: boolean) {
    this.loadMenus = value;
  }

  /** Clears the session even when the server call fails; the error still reaches the caller. */
  async logout(): Promise<void> {
    try {
      await authApi.logout();
    } finally {
      this.resetSession();
    }
  }

  resetSession() {
    this.token = undefined;
    this.roles = [];
    this.user = null;
    this.buttonList = [];
    this.menuList = [];
    removeToken();
  }

  hasPermission(codes: string | string[]): boolean {
    const wanted = Array.isArray(codes) ? codes : [codes];
    return wanted.some((code) => this.buttonList.includes(code));
  }

  hasRole(roles: string | string[]): boolean {
    const wanted = Array.isArray(roles) ? roles : [roles];
    return wanted.some((role) => this.roles.includes(role));
  }
}

export const userStore = new UserStore();
