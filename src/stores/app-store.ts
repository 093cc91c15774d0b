import { makeAutoObservable } from 'mobx';
import Cookies from 'js-cookie';

export type Device = 'desktop' | 'mobile';
export type Size = 'default' | 'medium' | 'small' | 'mini';

export const SIZES: Size[] = ['default', 'medium', 'small', 'mini'];
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
/** Spec §4: the device is mobile when the body is narrower than this. */
export const MOBILE_BREAKPOINT = 992;

/** Where the sidebar and size are kept: the browser's cookies (js-cookie), or a test's jar (src/test-support/memory-storage.ts). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): unknown;
}

function initialSize(cookies: CookieJar): Size {
  const saved = cookies.get(SIZE_COOKIE) as Size | undefined;
  return saved && SIZES.includes(saved) ? saved : 'small';
}

/** Sidebar, device and control size (spec §3 "App state"). */
export class AppStore {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device = 'desktop';
  size: Size;
  private readonly cookies: CookieJar;

  constructor(cookies: CookieJar = Cookies) {
    this.cookies = cookies;
    // the cookie holds 1/0; no cookie means open
    this.sidebar = { opened: cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false };
    this.size = initialSize(cookies);
    makeAutoObservable<AppStore, 'cookies'>(this, { cookies: false });
  }

  toggleSideBar() {
    this.sidebar.opened = !this.sidebar.opened;
    this.sidebar.withoutAnimation = false;
    this.cookies.set(SIDEBAR_COOKIE, this.sidebar.opened ? '1' : '0');
  }

  closeSideBar(withoutAnimation: boolean) {
    this.cookies.set(SIDEBAR_COOKIE, '0');
    this.sidebar.opened = false;
    this.sidebar.withoutAnimation = withoutAnimation;
  }

  toggleDevice(device: Device) {
    this.device = device;
  }

  setSize(size: Size) {
    this.size = size;
    this.cookies.set(SIZE_COOKIE, size);
  }
}

export const appStore = new AppStore();
