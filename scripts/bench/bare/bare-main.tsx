import '../../../src/setup-mobx';
import { createRoot } from 'react-dom/client';

/**
 * The bench's floor (npm run bench, scripts/bench/README section of the top-level README): amis
 * `render()` of the same page file, with the console's fetcher (so the same token and the same
 * requests) and the page's own vocabulary, and nothing else: no shell, no CurrentUser, no router.
 * Built only when BENCH=1, as the `bench-bare` entry of rsbuild.config.ts.
 *
 * `bench-bare.html#cold=<urlAddress>` renders at once; `#click=<urlAddress>` shows a button that
 * renders on click (the floor of a first sidebar open, amis not loaded yet).
 */
const [mode, urlAddress] = window.location.hash.slice(1).split('=');
const root = createRoot(document.getElementById('root')!);

async function show() {
  const [{ renderBarePage }, page] = await Promise.all([
    import('./bare-page'),
    import('../../../src/amis/page-loader').then(({ loadPage }) => loadPage(urlAddress, ['/pages-json/'])),
  ]);
  if (page.kind !== 'ok') throw new Error(`page ${urlAddress}: ${page.kind}`);
  root.render(renderBarePage(page.schema));
}

if (mode === 'click') {
  root.render(
    <button id="bench-open" onClick={() => void show()}>
      open
    </button>,
  );
} else {
  void show();
}
