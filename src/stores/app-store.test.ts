import { describe, expect, it } from 'vitest';
import { AppStore } from './app-store';
import { memoryCookies } from '../test-support/memory-storage';

describe('app store', () => {
  it('starts with an open sidebar, desktop device and the small size', () => {
    const app = new AppStore(memoryCookies());
    expect(app.sidebar).toEqual({ opened: true, withoutAnimation: false });
    expect(app.device).toBe('desktop');
    expect(app.size).toBe('small');
  });

  it('persists the sidebar as 1/0 in the sidebarStatus cookie', () => {
    const cookies = memoryCookies();
    const app = new AppStore(cookies);
    app.toggleSideBar();
    expect(cookies.get('sidebarStatus')).toBe('0');
    expect(new AppStore(cookies).sidebar.opened).toBe(false);
    app.toggleSideBar();
    expect(cookies.get('sidebarStatus')).toBe('1');
  });

  it('closes the sidebar without animation for mobile', () => {
    const cookies = memoryCookies();
    const app = new AppStore(cookies);
    app.toggleDevice('mobile');
    app.closeSideBar(true);
    expect(app.sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(app.device).toBe('mobile');
    expect(cookies.get('sidebarStatus')).toBe('0');
  });

  it('persists the size and ignores an unknown cookie value', () => {
    const cookies = memoryCookies();
    const app = new AppStore(cookies);
    app.setSize('mini');
    expect(cookies.get('size')).toBe('mini');
    expect(new AppStore(cookies).size).toBe('mini');
    expect(new AppStore(memoryCookies({ size: 'huge' })).size).toBe('small');
  });
});
