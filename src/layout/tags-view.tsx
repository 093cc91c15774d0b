import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { nextAfterClose, tagsViewStore, type TagView } from '../stores/tags-view-store';
import { describeRoute } from './route-info';
import { useTagStrip } from './use-tag-strip';
import { t } from '../i18n';

const MENU_WIDTH = 105;

/** Visited-page tabs with their context menu: refresh, close, close others, close all. */
export const TagsView = observer(function TagsView() {
  const location = useLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<{ view: TagView; left: number; top: number } | null>(null);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const isActive = (view: TagView) => view.path === location.pathname;

  function refresh(view: TagView) {
    // drop the cached page, then re-create it through the redirect helper
    tagsViewStore.delCachedView(view.path);
    navigate('/redirect' + view.fullPath, { replace: true });
  }

  function close(view: TagView) {
    if (view.affix) return;
    const left = tagsViewStore.delView(view.path);
    if (isActive(view)) navigate(nextAfterClose(left));
  }

  function closeOthers(view: TagView) {
    tagsViewStore.delOthersViews(view.path);
    if (!isActive(view)) navigate(view.fullPath);
  }

  function closeAll(view: TagView) {
    tagsViewStore.delAllViews();
    const left = tagsViewStore.visitedViews;
    if (left.some((v) => v.path === location.pathname)) return;
    // vue-element-admin: when only the dashboard is left and it was the one clicked, re-create it
    navigate(left.length ? left[left.length - 1].fullPath : view.affix ? '/redirect' + view.fullPath : '/');
  }

  function openMenu(e: MouseEvent, view: TagView) {
    e.preventDefault();
    const maxLeft = window.innerWidth - MENU_WIDTH - 8;
    setMenu({ view, left: Math.min(e.clientX, maxLeft), top: e.clientY });
  }

  const strip = useTagStrip(location.pathname, tagsViewStore.visitedViews.length);

  return (
    <div className="pc-tags">
      {strip.canLeft ? (
        <button
          type="button"
          className="pc-tags__more pc-tags__more--left"
          aria-label={t('tags.scrollLeft')}
          title={t('tags.scrollLeft')}
          onClick={() => strip.page(-1)}
        >
          ‹
        </button>
      ) : null}
      {strip.canRight ? (
        <button
          type="button"
          className="pc-tags__more pc-tags__more--right"
          aria-label={t('tags.scrollRight')}
          title={t('tags.scrollRight')}
          onClick={() => strip.page(1)}
        >
          ›
        </button>
      ) : null}
      <div className="pc-tags__scroll" ref={strip.ref} role="tablist" aria-label="tags">
        {tagsViewStore.visitedViews.map((view) => {
          const title = describeRoute(view.path)?.title || view.title;
          return (
            <Link
              key={view.path}
              to={view.fullPath}
              role="tab"
              aria-selected={isActive(view)}
              aria-label={title}
              data-path={view.path}
              className={`pc-tags__item${isActive(view) ? ' is-active' : ''}`}
              onContextMenu={(e) => openMenu(e, view)}
              // a tab holds no second control (WAI-ARIA tabs): the keyboard closes it with Delete
              aria-keyshortcuts={view.affix ? undefined : 'Delete'}
              onKeyDown={(e) => {
                if (e.key === 'Delete' && !view.affix) close(view);
              }}
            >
              <span className="pc-tags__title">{title}</span>
              {view.affix ? null : (
                <span
                  className="pc-tags__close"
                  aria-hidden="true"
                  title={t('tags.close')}
                  // a press on × must not focus the tab first: that scrolls the strip under the pointer
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    close(view);
                  }}
                >
                  ×
                </span>
              )}
            </Link>
          );
        })}
      </div>
      {menu ? (
        <ul className="pc-contextmenu" role="menu" style={{ left: menu.left, top: menu.top, width: MENU_WIDTH }}>
          <li role="menuitem" onClick={() => refresh(menu.view)}>
            {t('tags.refresh')}
          </li>
          {menu.view.affix ? null : (
            <li role="menuitem" onClick={() => close(menu.view)}>
              {t('tags.close')}
            </li>
          )}
          <li role="menuitem" onClick={() => closeOthers(menu.view)}>
            {t('tags.closeOthers')}
          </li>
          <li role="menuitem" onClick={() => closeAll(menu.view)}>
            {t('tags.closeAll')}
          </li>
        </ul>
      ) : null}
    </div>
  );
});
