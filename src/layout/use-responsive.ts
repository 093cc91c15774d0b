import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { appStore, MOBILE_BREAKPOINT } from '../stores/app-store';

function isMobile() {
  return document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;
}

/** Spec §4: under 992 px the device is mobile; the sidebar closes without animation, and on each route change. */
export function useResponsive() {
  const { pathname } = useLocation();

  useEffect(() => {
    const check = () => {
      const mobile = isMobile();
      appStore.toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) appStore.closeSideBar(true);
    };
    check();
    // only a change of device matters, not every pixel of a resize
    let wasMobile = isMobile();
    const onResize = () => {
      if (document.hidden || isMobile() === wasMobile) return;
      wasMobile = isMobile();
      check();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (appStore.device === 'mobile' && appStore.sidebar.opened) appStore.closeSideBar(false);
  }, [pathname]);
}
