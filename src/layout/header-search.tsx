import { useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { getMenuRoutes } from '../stores/route-store';
import { createMenuSearch, searchableRoutes, type SearchEntry } from './menu-search';
import { t } from '../i18n';

const MAX_RESULTS = 10;

/** Fuzzy search over the visible menu pages; arrows move, Enter opens, Escape closes. */
export const HeaderSearch = observer(function HeaderSearch() {
  const navigate = useNavigate();
  const routes = getMenuRoutes();
  const fuse = useMemo(() => createMenuSearch(searchableRoutes(routes)), [routes]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const results: SearchEntry[] = query.trim() ? fuse.search(query.trim(), { limit: MAX_RESULTS }).map((r) => r.item) : [];

  function choose(entry: SearchEntry | undefined) {
    if (!entry) return;
    navigate(entry.path);
    setQuery('');
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!results.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[active] ?? results[0]);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setQuery('');
      e.currentTarget.blur();
    }
  }

  const showList = open && query.trim() !== '';
  return (
    <div className="pc-search">
      <input
        className="pc-search__input"
        role="combobox"
        aria-label={t('nav.search')}
        aria-expanded={showList}
        aria-controls="pc-search-list"
        placeholder={t('nav.searchPlaceholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul className="pc-search__list" id="pc-search-list" role="listbox">
          {results.length ? (
            results.map((entry, i) => (
              <li
                key={entry.path}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                // mousedown, not click: the input's blur would close the list first
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(entry);
                }}
              >
                {entry.title}
              </li>
            ))
          ) : (
            <li className="pc-search__empty">{t('nav.searchEmpty')}</li>
          )}
        </ul>
      ) : null}
    </div>
  );
});
