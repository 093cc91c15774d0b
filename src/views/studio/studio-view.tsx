import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import '../../amis/amis-page';
import { userStore } from '../../stores/user-store';
import { uiText } from '../../i18n/text-table';
import { localeStore } from '../../i18n';
import type { MenuItem } from '../../api/types';
import { checkPage, openPage, savePage, type PageProblem, type StudioPage } from './studio-api';
import { StudioPreview, PREVIEW_WIDTHS } from './studio-preview';
import { JsonPane, type JsonPlace } from './json-pane';
import { samePage } from './page-equal';
import { ProblemList } from './problem-list';
import { VersionPanel } from './version-panel';
import { MenuForm } from './menu-form';
import { st, type StudioText } from './studio-texts';
import './studio.css';

// the editor and its stylesheet: a chunk of their own, asked for only when a page is opened here.
// Its texts (i18n-runtime) take their language from this key once, as the chunk loads: the console's.
const StudioEditor = lazy(() => {
  localStorage.setItem('suda-i18n-locale', localeStore.locale);
  return import('./studio-editor');
});

const SAVE_BUTTON = 'studio:save';

/** The menu's pages (type 2) the user sees, as [urlAddress, title]. */
function menuPages(items: MenuItem[]): [string, string][] {
  return items.flatMap((m) => [
    ...(m.type === 2 && m.urlAddress ? [[m.urlAddress, uiText(m.fullName)] as [string, string]] : []),
    ...menuPages(m.children ?? []),
  ]);
}

type Panel = 'versions' | 'menu' | null;

/**
 * /demo, the page studio: pick a page of the menu (or a new address, from the template), edit it in
 * amis-editor and as JSON side by side, preview it with live data at three widths, check it with
 * check:pages' rules on the server, and save it to the site bundle as a new version.
 */
export const StudioView = observer(function StudioView() {
  const pages = useMemo(() => menuPages(userStore.menuList), []);
  const [address, setAddress] = useState('');
  const [newAddress, setNewAddress] = useState('');
  const [loaded, setLoaded] = useState<StudioPage | null>(null);
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [showJson, setShowJson] = useState(true);
  const [preview, setPreview] = useState<number | null>(null);
  const [problems, setProblems] = useState<PageProblem[] | null>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean; reload?: boolean } | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [place, setPlace] = useState<JsonPlace | null>(null);
  const mayWrite = userStore.buttonList.includes(SAVE_BUTTON) && Boolean(loaded?.canSave);

  // `note`: what to say once loaded (a rollback's result)
  const open = useCallback(async (urlAddress: string, note: { text: string; ok: boolean } | null = null) => {
    setMessage(note);
    setProblems(null);
    const res = await openPage(urlAddress);
    if (res.code !== 200 || !res.data) return setMessage({ text: res.msg, ok: false });
    setAddress(res.data.urlAddress);
    setLoaded(res.data);
    setValue(res.data.page);
    setVersion(res.data.version);
    setDirty(false);
  }, []);

  // the editor keeps the onChange it was created with: it reads the page loaded since through a ref
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const edit = useCallback((next: Record<string, unknown>) => {
    setValue(next);
    // the ids the editor gives every node when it opens a page are no change of the user's
    const page = loadedRef.current?.page;
    setDirty(!page || !samePage(page, next));
  }, []);

  const check = async () => {
    const res = await checkPage(address, value);
    setProblems(res.data?.problems ?? []);
  };

  const save = async (draft: boolean) => {
    setMessage(null);
    const res = await savePage(address, value, version, draft);
    setProblems(res.data?.problems ?? null);
    if (res.code === 409) return setMessage({ text: res.msg, ok: false, reload: true });
    if (res.code !== 200 || !res.data?.version) return setMessage({ text: res.msg, ok: false });
    setVersion(res.data.version);
    // what was saved is the page later edits are measured against
    setLoaded((l) => l && { ...l, page: value, source: draft ? 'draft' : 'studio' });
    setDirty(false);
    setMessage({ text: st(draft ? 'draftSaved' : 'saved', { v: res.data.version }), ok: true });
  };

  const toolbarButton = (label: StudioText, onClick: () => void, primary = false, pressed?: boolean) => (
    <button type="button" className={`pc-btn${primary ? ' pc-btn--primary' : ''}`} aria-pressed={pressed} onClick={onClick}>
      {st(label)}
    </button>
  );

  return (
    <div className="pc-studio">
      <header className="pc-studio__bar">
        <h1>{st('title')}</h1>
        <label>
          {st('page')}{' '}
          <select
            aria-label={st('pickPage')}
            value={pages.some(([u]) => u === address) ? address : ''}
            onChange={(e) => e.target.value && void open(e.target.value)}
          >
            <option value="">{st('pickPage')}</option>
            {pages.map(([urlAddress, title]) => (
              <option key={urlAddress} value={urlAddress}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <form
          className="pc-studio__new"
          onSubmit={(e) => {
            e.preventDefault();
            if (newAddress) void open(newAddress);
          }}
        >
          <input
            aria-label={st('newAddress')}
            placeholder={st('newPage')}
            value={newAddress}
            onChange={(e) => setNewAddress(e.target.value)}
          />
          <button type="submit" className="pc-btn">
            {st('open')}
          </button>
        </form>
        {loaded ? (
          <span className="pc-studio__state">
            <code>{address}</code> · {st(`source_${loaded.source}`)} · {st('version', { v: version })}
            {dirty ? ` · ${st('unsaved')}` : ''}
          </span>
        ) : null}
        <span className="pc-studio__spacer" />
        <button type="button" className="pc-btn" onClick={() => window.close()}>
          {st('close')}
        </button>
      </header>
      {loaded ? (
        <div className="pc-studio__bar pc-studio__bar--tools" role="toolbar" aria-label={st('title')}>
          {toolbarButton('design', () => setPreview(null), false, preview === null)}
          {toolbarButton('json', () => setShowJson(!showJson), false, showJson)}
          <span role="group" aria-label={st('preview')}>
            {st('preview')}{' '}
            {PREVIEW_WIDTHS.map((w) => (
              <button key={w} type="button" className="pc-btn" aria-pressed={preview === w} onClick={() => setPreview(w)}>
                {w}px
              </button>
            ))}
          </span>
          {toolbarButton('check', () => void check())}
          {mayWrite ? (
            <>
              {toolbarButton('save', () => void save(false), true)}
              {toolbarButton('saveDraft', () => void save(true))}
            </>
          ) : null}
          {loaded.canSave
            ? toolbarButton('versions', () => setPanel(panel === 'versions' ? null : 'versions'), false, panel === 'versions')
            : null}
          {mayWrite ? toolbarButton('addToMenu', () => setPanel(panel === 'menu' ? null : 'menu'), false, panel === 'menu') : null}
          {!loaded.canSave ? <span>{st('noSite')}</span> : !mayWrite ? <span>{st('noSavePermission')}</span> : null}
        </div>
      ) : null}
      {message ? (
        <p className={`pc-studio__message${message.ok ? ' is-ok' : ''}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}{' '}
          {message.reload ? (
            <button type="button" className="pc-btn" onClick={() => void open(address)}>
              {st('reload')}
            </button>
          ) : null}
        </p>
      ) : null}
      <ProblemList
        problems={problems}
        onPick={(pointer) => {
          // selected on the canvas and in the JSON beside it, which the preview hides
          setPreview(null);
          setShowJson(true);
          setPlace((p) => ({ pointer, asked: (p?.asked ?? 0) + 1 }));
        }}
      />
      {panel === 'versions' && loaded ? (
        <VersionPanel
          urlAddress={address}
          current={version}
          canSave={mayWrite}
          onRolledBack={(v, text) => {
            if (v !== version) void open(address, { text, ok: true });
            else setMessage({ text, ok: false });
          }}
        />
      ) : null}
      {panel === 'menu' && loaded ? (
        <MenuForm
          urlAddress={address}
          title={typeof value.title === 'string' ? value.title : ''}
          onDone={(text, ok) => setMessage({ text, ok })}
        />
      ) : null}
      {loaded ? (
        <main className="pc-studio__work">
          {preview !== null ? (
            <div className="pc-studio-preview">
              <StudioPreview urlAddress={address} page={value} width={preview} />
            </div>
          ) : null}
          {/* hidden, not unmounted, while the preview shows: the editor keeps its selection and history */}
          <div className="pc-studio__canvas" hidden={preview !== null}>
            <Suspense fallback={<div className="pc-page-loading">{st('loading')}</div>}>
              {/* the editor reads most of its props once: each page gets an editor of its own (a new version of
                  the same page comes in as its value; a remount then would dispose its code editors mid-start) */}
              <StudioEditor key={address} value={value} onChange={edit} problems={problems} place={place} />
            </Suspense>
          </div>
          {showJson && preview === null ? <JsonPane value={value} onChange={edit} place={place} /> : null}
        </main>
      ) : null}
    </div>
  );
});

export default StudioView;
