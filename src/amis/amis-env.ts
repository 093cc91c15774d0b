import { createElement } from 'react';
import { alert, confirm, toast } from 'amis';
import type { RenderOptions } from 'amis';
import { safeUrl } from '../../domain/field-rules';
import { sanitizeHtml } from './html-safety';
import { amisFetcher, type AmisApi } from './fetcher';
import { appNavigate } from '../router/app-navigator';
import { serveMonacoWorkersFromBundle } from './monaco-workers';
import { dataVersion } from './page-reload';
import { isNoAnswer } from '../api/error-catalogue';
import { feedback } from '../feedback/feedback-store';
import { t } from '../i18n';
import { localizeMessage } from '../i18n/server-messages';
import { withoutApiAddress } from './extensions/lookup-names';

/** A no-answer notice stays until used or closed: its 重试 is the way on. */
const NO_ANSWER_NOTICE_MS = 0;

// amis's code editor finds its workers in the bundle (after amis set its own default on import)
if (typeof window !== 'undefined') serveMonacoWorkersFromBundle();

let pathRef = '/';

/** The active page's path, for crud's syncLocation and isCurrentUrl; navigation goes through the app router. */
export function bindAmisPath(currentPath: string) {
  pathRef = currentPath;
}

let modalHost: HTMLElement | null = null;

/** Where dialogs open: the active page's own box (kept-alive tabs hide theirs with them). */
export function bindModalHost(el: HTMLElement | null) {
  modalHost = el;
}

/** An address with a scheme (or `//host`) leaves the console: only the ones safeUrl accepts may. */
function leavesConsole(to: string): boolean {
  return /^\s*([a-z][a-z0-9+.-]*:|[/\\]{2})/i.test(to);
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
  toast.success(t('common.copied'));
}

/** Every confirm closes on Escape as its cancel button does (amis's string form of the options cannot say so). */
function confirmOptions(opts: unknown): Record<string, unknown> {
  if (typeof opts === 'string') return { confirmText: opts, confirmBtnLevel: 'danger', cancelBtnLevel: 'default', closeOnEsc: true };
  return { ...(opts && typeof opts === 'object' ? opts : {}), closeOnEsc: true };
}

/** How long an error message said once is not said again (the same failure, seen twice at once). */
const REPEAT_MS = 2000;
const lastSaid = new Map<string, number>();

/** Whether this error message was shown a moment ago; notes it as shown now. */
function saidJustNow(msg: string, now = Date.now()): boolean {
  for (const [text, at] of lastSaid) if (now - at > REPEAT_MS) lastSaid.delete(text);
  const said = lastSaid.has(msg);
  lastSaid.set(msg, now);
  return said;
}

/** One env for every amis page (amis re-does work when it changes). */
export const amisEnv: RenderOptions = {
  fetcher: ((api: AmisApi) => amisFetcher(api)) as unknown as RenderOptions['fetcher'],
  isCancel: () => false,
  // a message (often the server's, naming records) is text: amis's toast would insert a string as HTML
  notify: (type, rawMsg) => {
    // a failed lookup says what it was for in words (extensions/lookup-names.ts): not the address amis puts first
    const msg = type === 'error' && typeof rawMsg === 'string' ? withoutApiAddress(rawMsg) : rawMsg;
    // one select loading twice as its dialog opens: its failure is said once
    if (type === 'error' && typeof msg === 'string' && saidJustNow(msg)) return;
    // what a host notice says already (a request the security policy blocked) is not said twice
    if (type === 'error' && typeof msg === 'string' && feedback.notices.some((n) => n.message === msg)) return;
    // a list or lookup that got no answer: the host notice offers to try again (every list and
    // service of the visible page reloads, keeping its filter and page)
    if (type === 'error' && typeof msg === 'string' && isNoAnswer(msg)) {
      if (feedback.notices.some((n) => n.title === msg)) return;
      feedback.notify('error', msg, undefined, NO_ANSWER_NOTICE_MS, { label: '重试', run: () => dataVersion.bump() });
      return;
    }
    const show = toast[type] ?? toast.info;
    show(createElement('span', null, typeof msg === 'string' ? msg : String(msg ?? '')) as unknown as string);
  },
  // alert and confirm insert their text as HTML: amis escapes the data in it (confirmText templates),
  // the sanitizer keeps it to formatting
  alert: (msg: string, title?: string) => alert(sanitizeHtml(msg), title),
  confirm: ((msg: string, title?: string, opts?: unknown, cancelText?: string) =>
    (confirm as (...args: unknown[]) => Promise<boolean>)(
      sanitizeHtml(msg),
      title,
      confirmOptions(opts),
      cancelText,
    )) as RenderOptions['confirm'],
  // every `tpl` and `html` goes through this before amis inserts it
  filterHtml: (html: string) => sanitizeHtml(html),
  copy: (contents: string) => void copyText(contents),
  jumpTo: (to: string, action?: { actionType?: string; blank?: boolean }) => {
    if (to === 'goBack') return appNavigate(-1);
    if (leavesConsole(to) || action?.actionType === 'url') {
      // an address from data (`"url": "${website}"`): never javascript:, data: and the like
      if (!safeUrl(to)) {
        toast.error(createElement('span', null, localizeMessage(`不是有效的链接地址：${to}`)) as unknown as string);
        return;
      }
      if (action?.blank === false) window.location.href = to;
      else window.open(to, '_blank', 'noopener');
      return;
    }
    appNavigate(toRoute(to));
  },
  updateLocation: (location: string, replace?: boolean) => {
    const target = toRoute(location);
    appNavigate(target.startsWith('?') ? pathRef + target : target, { replace });
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
