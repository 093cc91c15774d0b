// first: a public page's address (an older lane code) leaves for scan.html before the console starts
import { leavingForScanPage } from './public/handover';
import './setup-mobx';
import { createRoot } from 'react-dom/client';
import { getToken } from './utils/auth-cookie';
import { hashLocation, redirectParam, signInLocation } from './router/signed-out-start';
import { preloadFor } from './router/console-chunks';
import { requestSessionEarly } from './router/session-early';
import { bootPreloads } from './router/boot-preload';
import { SignInScreen } from './views/login/sign-in-screen';
import { settingsStore } from './stores/settings-store';
import { brandStore } from './layout/brand-store';
import { applyTheme, PANEL_COLORS } from './styles/theme';
import { feedback } from './feedback/feedback-store';
import { FeedbackLayer } from './feedback/feedback-layer';
import { watchPolicyViolations } from './api/policy-violations';
import { t } from './i18n';
import './styles/global.css';

/**
 * Start-up. Without a token every path but the public pages leads to sign-in (the guard), so the
 * sign-in page shows at once, without the console: the router, the shell, the session stores and
 * the API client (src/app.tsx) load as one chunk while the user types, and open after sign-in.
 */

// a request or image the security policy blocks names its origin and the setting that allows it
watchPolicyViolations();

// No <StrictMode>: amis's root renderer breaks under it in development.
const root = createRoot(document.getElementById('root')!);

// the colour picked earlier, or the default, applies before the first paint (the sign-in button's
// too), in its readable shades (theme.ts)
applyTheme(settingsStore.themeChosen ? settingsStore.settings.theme : PANEL_COLORS[0]);
void brandStore.load();

const loadConsole = () => import(/* webpackChunkName: "console" */ './app');

/** Renders the console; `target`: just signed in, go there (a landing, as the guard knows it). */
async function openConsole(target?: string): Promise<void> {
  // from here the router follows the address
  window.removeEventListener('hashchange', show);
  try {
    const { App, enterConsole } = await loadConsole();
    if (target !== undefined) enterConsole(target);
    root.render(<App />);
  } catch (error) {
    // a new deployment replaced the chunk, or the network dropped: the words of a page's chunk failure
    feedback.notify('error', t('page.chunkFailed'), t('page.chunkFailedDetail'), 0);
    throw error;
  }
}

/** What the address asks for, until the console opens: the sign-in page, or the console. */
function show(): void {
  const start = hashLocation(window.location.hash);
  const token = getToken();
  const signIn = token ? null : signInLocation(start.path, start.search);
  if (!signIn) {
    // what the guard waits for goes first: the browser has a few connections per server and queues the rest
    const early = bootPreloads(start.path, true);
    const asked = token && early.shell ? requestSessionEarly(token, early.page) : Promise.resolve();
    root.render(<div className="pc-page-loading">{t('common.loading')}</div>);
    window.removeEventListener('hashchange', show);
    // the console's and amis's chunks (already on their way: console-preload.ts) hold the main
    // thread while they evaluate, so they run once the early requests are out, not before
    void asked.then(() => {
      void openConsole().catch(() => root.render(<FeedbackLayer />));
      // the page file and chunks of the screen opened, beside the console's own chunk
      preloadFor(start.path, true);
    });
    return;
  }
  // the guard's redirect (`/login?redirect=…`), before the router exists to make it
  if (signIn !== start.path + start.search) window.history.replaceState(window.history.state, '', `#${signIn}`);
  root.render(
    <SignInScreen
      redirect={redirectParam(hashLocation(`#${signIn}`).search)}
      onSignedIn={(target) => openConsole(target)}
      onStart={() => void loadConsole().catch(() => undefined)}
    />,
  );
}

// a link or a typed address changes only the hash: the sign-in page follows it as the router would
if (!leavingForScanPage) {
  window.addEventListener('hashchange', show);
  show();
}
