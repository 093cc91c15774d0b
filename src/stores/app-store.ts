import { makeAutoObservable } from 'mobx';
import Cookies from 'js-cookie';

export type Device = 'desktop' | 'mobile';
export type Size = 'default' | 'medium' | 'small' | 'mini';

export const SIZES: Size[] = ['default', 'medium', 'small', 'mini'];
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
/** Spec §4: the device is mobile when the body is narrower than this. */
export const MOBILE_BREAKPOINT = 992;

function initialSize(): Size {
  const saved = Cookies.get(SIZE_COOKIE) as Size | undefined;
  return saved && SIZES.includes(saved) ? saved : 'small';
}

/** Sidebar, device and control size (spec §3 "App state"). */
export class AppStore {
  sidebar = {
    // the cookie holds 1/0; no cookie means open
    opened: Cookies.get(SIDEBAR_COOKIE) !== '0',
    withoutAnimation: false,
  };
  device: Device = 'desktop';
  size: Size = initialSize();

  constructor() {
    makeAutoObservable(this);
  }

  toggleSideBar() {
    this.sidebar.opened = !this.sidebar.opened;
    this.sidebar.withoutAnimation = false;
    Cookies.set(SIDEBAR_COOKIE, this.sidebar.opened ? '1' : '0');
  }

  closeSideBar(withoutAnimation: boolean) {
    Cookies.set(SIDEBAR_COOKIE, '0');
    this.sidebar.opened = false;
    this.sidebar.withoutAnimation = withoutAnimation;
  }

  toggleDevice(device: Device) {
    this.device = device;
  }

  setSize(size: Size) {
    this.size = size;
    Cookies.set(SIZE_COOKIE, size);
  }
}

export const appStore = new AppStore();
