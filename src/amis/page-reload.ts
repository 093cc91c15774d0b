import { makeAutoObservable } from 'mobx';
import { FRAGMENT_FOLDER } from './page-fragments';

/**
 * Bumped when a page file changes on disk (development only), so the open screen reloads. A shared
 * fragment (`_fragments/…`) may be in any page: its change reloads them all. The app uses the one
 * below; a test builds its own.
 */
export class PageVersions {
  versions = new Map<string, number>();
  fragments = 0;

  constructor() {
    makeAutoObservable(this);
  }

  bump(urlAddress: string) {
    if (urlAddress.startsWith(`${FRAGMENT_FOLDER}/`)) this.fragments++;
    else this.versions.set(urlAddress, (this.versions.get(urlAddress) ?? 0) + 1);
  }

  of(urlAddress: string): number {
    return (this.versions.get(urlAddress) ?? 0) + this.fragments;
  }
}

export const pageVersions = new PageVersions();

let listening = false;

/** In `npm run dev` the reference server streams saved page files at /__pages-events. */
export function listenForPageEdits() {
  if (listening || process.env.NODE_ENV !== 'development' || typeof EventSource === 'undefined') return;
  listening = true;
  const source = new EventSource('/__pages-events');
  source.onmessage = (event) => {
    try {
      const { urlAddress } = JSON.parse(event.data) as { urlAddress: string };
      pageVersions.bump(urlAddress);
    } catch {
      // ignore malformed events
    }
  };
}
