import { alert, confirm, toast } from 'amis';
import type { RenderOptions } from 'amis';
import { amisFetcher, type AmisApi } from './fetcher';

type Navigate = (to: string | number, options?: { replace?: boolean }) => void;

let navigateRef: Navigate = () => undefined;
let pathRef = '/';

/** The host's router, for amis links, redirects and crud's syncLocation. */
export function bindAmisRouter(navigate: Navigate, currentPath: string) {
  navigateRef = navigate;
  pathRef = currentPath;
}

let modalHost: HTMLElement | null = null;

/** Where dialogs open: the active page's own box (kept-alive tabs hide theirs with them). */
export function bindModalHost(el: HTMLElement | null) {
  modalHost = el;
}

function toRoute(link: string): string {
  if (link.startsWith('#')) return link.slice(1) || '/';
  return link;
}

async function copyText(contents: string) {
  try {
    await navigator.clipboard.writeText(contents);
  } catch {
    // clipboard API needs a secure context; fall back to a hidden textarea
    const area = document.createElement('textarea');
    area.value = contents;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast.success('复制成功');
}

/** One env for every amis page (amis re-does work when it changes). */
export const amisEnv: RenderOptions = {
  fetcher: ((api: AmisApi) => amisFetcher(api)) as unknown as RenderOptions['fetcher'],
  isCancel: () => false,
  notify: (type, msg) => {
    const show = toast[type] ?? toast.info;
    show(typeof msg === 'string' ? msg : String(msg ?? ''));
  },
  alert,
  confirm,
  copy: (contents: string) => void copyText(contents),
  jumpTo: (to: string, action?: { actionType?: string; blank?: boolean }) => {
    if (to === 'goBack') return navigateRef(-1);
    if (/^(https?:)?\/\//.test(to) || action?.actionType === 'url') {
      if (action?.blank === false) window.location.href = to;
      else window.open(to, '_blank', 'noopener');
      return;
    }
    navigateRef(toRoute(to));
  },
  updateLocation: (location: string, replace?: boolean) => {
    const target = toRoute(location);
    navigateRef(target.startsWith('?') ? pathRef + target : target, { replace });
  },
  isCurrentUrl: (link: string) => {
    const path = toRoute(link).split('?')[0];
    return path === pathRef;
  },
  // amis shows a raw stack trace for a renderer that throws; hand the error on to the
  // page's own boundary (PageErrorBoundary), which explains it inside the tab
  errorCatcher: (error: unknown) => {
    throw error;
  },
  getModalContainer: () => (modalHost?.isConnected ? modalHost : document.body),
  theme: 'cxd',
};
