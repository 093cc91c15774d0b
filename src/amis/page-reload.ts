import { makeAutoObservable } from 'mobx';

/** Bumped when a page file changes on disk (development only), so the open screen reloads. */
class PageVersions {
  versions = new Map<string, number>();

  constructor() {
    makeAutoObservable(this);
  }

  bump(urlAddress: string) {
    this.versions.set(urlAddress, (this.versions.get(urlAddress) ?? 0) + 1);
  }

  of(urlAddress: string): number {
    return this.versions.get(urlAddress) ?? 0;
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
