import { Suspense, useLayoutEffect, useRef, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PageActiveContext } from './page-active';
import { PageLocationContext, type PageLocation } from './page-location';
import { ShellFrame } from './shell-frame';
import { fitDevice } from './fit-device';
import { loadSession, sessionReadyFor } from '../router/session-load';
import { currentRoute, routeAccess } from '../router/current-route';
import { decideNavigation } from '../router/guard';
import { prefetchedPage, prefetchPage } from '../amis/lazy-amis-page';
import { localeStore } from '../i18n';
import { FeedbackLayer } from '../feedback/feedback-layer';
import { whenCallsSettle } from '../amis/call-activity';
import type { AmisPageProps } from '../amis/amis-page';
import { getToken } from '../utils/auth-cookie';
import { pageTitle } from '../router/page-title';
import { hashLocation } from '../router/signed-out-start';
import { brandStore } from './brand-store';
import { LOGIN_PATH } from '../../domain/pages/host-routes';
import './layout.css';

/**
 * A signed-in start on a menu screen draws that screen first, in its place inside an empty frame of
 * the shell, and only then loads the shell (the router, the menu, the top bar), whose evaluation
 * and first render would otherwise hold the main thread before the screen's first rows. The shell's
 * keep-alive outlet then takes the drawn screen as it is (adopted-screen.tsx): nothing is fetched
 * or drawn twice, and what the user typed meanwhile stays (a link followed before the shell came
 * brings the shell at once, which opens the link's target and keeps the screen as a tab). The
 * guard decides as it always does: a screen the user may not open is never drawn here, the shell
 * sends them on.
 */

/** What the shell tells the adopted screen: whether its tab is the visible one, and its location. */
export interface ScreenState {
  active: boolean;
  location: PageLocation;
}

export interface FirstScreen {
  path: string;
  urlAddress: string;
  /** moves the screen into the shell's outlet, the focus (a filter being typed in) with it */
  moveInto(slot: HTMLElement): void;
  update(state: ScreenState): void;
  release(): void;
}

/** The screen drawn at start-up, until the shell adopts it or its tab is closed unopened. */
let held: (FirstScreen & { claimed: boolean; location: PageLocation }) | null = null;

/**
 * The first screen, when the shell's outlet opens the same path (menu-screen.tsx) and it is not
 * taken yet: it is taken as it moves into the outlet (moveInto), in a commit, so a render React
 * sets aside takes nothing.
 */
export function firstScreenFor(path: string, urlAddress: string): FirstScreen | undefined {
  if (!held || held.claimed || held.path !== path || held.urlAddress !== urlAddress) return undefined;
  return held;
}

/**
 * The shell opened another path first (a link followed before the shell came): the screen waits,
 * hidden, as a tab of its own (use-visited-tags.ts), to be adopted when it is opened again as the
 * user left it. Sign-in starts afresh: it is let go.
 */
export function setAsideFirstScreen(path: string): void {
  if (!held || held.claimed || held.path === path) return;
  if (path === LOGIN_PATH) return held.release();
  held.update({ active: false, location: held.location });
}

/** The screen set aside for a tab, unopened since: its path, and with its query as it was opened. */
export function unopenedFirstScreen(): { path: string; fullPath: string } | undefined {
  return held && !held.claimed ? { path: held.path, fullPath: held.location.pathname + held.location.search } : undefined;
}

/** Its tab was closed unopened: the screen goes. */
export function releaseUnopenedFirstScreen(path: string): void {
  if (held && !held.claimed && held.path === path) held.release();
}

type AmisPage = ComponentType<AmisPageProps>;

function ScreenTree({ Page, page, state }: { Page: AmisPage; page: AmisPageProps; state: ScreenState }) {
  return (
    <PageActiveContext.Provider value={state.active}>
      <PageLocationContext.Provider value={state.location}>
        <Suspense fallback={null}>
          <Page {...page} />
        </Suspense>
      </PageLocationContext.Provider>
    </PageActiveContext.Provider>
  );
}

/**
 * The shell's frame without its chrome (shell-frame.tsx), the screen in its outlet. `leaving`: as
 * the shell replaces the frame, before the screen leaves the page with it.
 */
function Frame({ host, leaving }: { host: HTMLElement; leaving: () => void }) {
  const outlet = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    outlet.current?.appendChild(host);
    return leaving;
  }, [host, leaving]);
  return (
    <ShellFrame>
      <main className="pc-app-main">
        <div className="pc-cached-page" ref={outlet} />
      </main>
    </ShellFrame>
  );
}

/** A call answered and none out for this long: the screen's calls are done (they go one after another). */
const CALLS_QUIET_MS = 200;
/** The shell loads after this long at most, whatever the screen still waits for. */
const SHELL_WAIT_MS = 2000;
/** amis not in by then (a slow network): the shell starts as without a first screen, its menu while amis loads. */
const AMIS_WAIT_MS = 4000;

const never = new Promise<never>(() => undefined);
const after = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
/** The next change of the address: a link followed in the screen before the shell was there. */
const addressChange = () => new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }));

/**
 * Draws the menu screen at `path` into `root` when the guard would open it; resolves, once it is
 * drawn and its calls have answered, to true, or at once to false when it was not drawn (the shell
 * decides then, as without a first screen). `pageGuess`: the page file the path most likely names
 * (boot-preload.ts), fetched meanwhile.
 */
export async function showFirstScreen(path: string, search: string, pageGuess: string, root: Root): Promise<boolean> {
  const amis = prefetchPage(pageGuess);
  await loadSession();
  const decision = decideNavigation({ path, search, hasToken: Boolean(getToken()), loaded: sessionReadyFor(path), access: routeAccess });
  const resolved = currentRoute(path);
  // a link entry (type 7) is no JSON page
  if (decision.type !== 'allow' || resolved?.kind !== 'menu' || resolved.route.type === 7) return false;
  const loaded = await Promise.race([amis, after(AMIS_WAIT_MS)]);
  // the user followed a link meanwhile: the shell opens that
  if (!loaded || hashLocation(window.location.hash).path !== path) return false;
  const Page = loaded.default;

  const { screen, host, leaving } = drawScreen(
    Page,
    { urlAddress: resolved.route.urlAddress, title: resolved.route.title },
    { pathname: path, search, hash: '', state: null, key: 'default' },
  );
  held = screen;
  fitDevice();
  root.render(
    <>
      <Frame host={host} leaving={leaving} />
      <FeedbackLayer />
    </>,
  );
  document.title = pageTitle(path, brandStore.siteTitle);
  // a page file missing or malformed makes no call: its panel shows, and the shell comes at once
  const problem = prefetchedPage(resolved.route.urlAddress, localeStore.locale)?.then((result) =>
    result.kind === 'ok' ? never : undefined,
  );
  await Promise.race([whenCallsSettle(CALLS_QUIET_MS, SHELL_WAIT_MS), addressChange(), problem ?? never]);
  return true;
}

/** The screen in a React root of its own, so that it outlives the frame it is first drawn in. */
function drawScreen(Page: AmisPage, page: AmisPageProps, location: PageLocation) {
  const host = document.createElement('div');
  host.className = 'pc-first-screen';
  const screenRoot = createRoot(host);
  const draw = (state: ScreenState) => screenRoot.render(<ScreenTree Page={Page} page={page} state={state} />);
  // the element that had the focus as the frame went (moving the screen out of the page blurs it),
  // and how far the page was scrolled (the shell's guard scrolls to the top as it mounts)
  let focused: HTMLElement | null = null;
  let scrolled = 0;
  const leaving = () => {
    focused = document.activeElement instanceof HTMLElement && host.contains(document.activeElement) ? document.activeElement : null;
    scrolled = window.scrollY;
  };
  const screen = {
    path: location.pathname,
    location,
    urlAddress: page.urlAddress,
    claimed: false,
    moveInto(slot: HTMLElement) {
      screen.claimed = true;
      slot.appendChild(host);
      focused?.focus({ preventScroll: true });
      focused = null;
      // after the guard's scroll to the top, before the frame is painted
      const top = scrolled;
      if (top > 0) requestAnimationFrame(() => window.scrollTo(0, top));
    },
    update: draw,
    release() {
      if (held === screen) held = null;
      // not inside the shell's commit that let it go
      setTimeout(() => screenRoot.unmount());
      host.remove();
    },
  };
  draw({ active: true, location });
  return { screen, host, leaving };
}
