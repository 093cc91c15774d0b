import { appStore, MOBILE_BREAKPOINT } from '../stores/app-store';

export function isMobile() {
  return document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;
}

/** The device the window's width makes (spec §4): on a mobile one the sidebar closes without animation. */
export function fitDevice() {
  const mobile = isMobile();
  appStore.toggleDevice(mobile ? 'mobile' : 'desktop');
  if (mobile) appStore.closeSideBar(true);
}
