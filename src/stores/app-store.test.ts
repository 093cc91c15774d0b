// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { AppStore } from './app-store';

describe('app store', () => {
  beforeEach(() => {
    Cookies.remove('sidebarStatus');
    Cookies.remove('size');
  });

  it('starts with an open sidebar, desktop device and the small size', () => {
    const app = new AppStore();
    expect(app.sidebar).toEqual({ opened: true, withoutAnimation: false });
    expect(app.device).toBe('desktop');
    expect(app.size).toBe('small');
  });

  it('persists the sidebar as 1/0 in the sidebarStatus cookie', () => {
    const app = new AppStore();
    app.toggleSideBar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(new AppStore().sidebar.opened).toBe(false);
    app.toggleSideBar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('closes the sidebar without animation for mobile', () => {
    const app = new AppStore();
    app.toggleDevice('mobile');
    app.closeSideBar(true);
    expect(app.sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(app.device).toBe('mobile');
  });

  it('persists the size and ignores an unknown cookie value', () => {
    const app = new AppStore();
    app.setSize('mini');
    expect(Cookies.get('size')).toBe('mini');
    expect(new AppStore().size).toBe('mini');
    Cookies.set('size', 'huge');
    expect(new AppStore().size).toBe('small');
  });
});
