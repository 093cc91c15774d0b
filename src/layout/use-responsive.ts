import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { appStore } from '../stores/app-store';
import { fitDevice, isMobile } from './fit-device';

/** Spec §4: under 992 px the device is mobile; the sidebar closes without animation, and on each route change. */
export function useResponsive() {
  const { pathname } = useLocation();

  useEffect(() => {
    fitDevice();
    // only a change of device matters, not every pixel of a resize
    let wasMobile = isMobile();
    const onResize = () => {
      if (document.hidden || isMobile() === wasMobile) return;
      wasMobile = isMobile();
      fitDevice();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (appStore.device === 'mobile' && appStore.sidebar.opened) appStore.closeSideBar(false);
  }, [pathname]);
}
