import { useEffect, useState } from 'react';
import { openLiveStream, type LiveState } from './live-stream';

/** A screen's panels as pushed so far, merged (each update carries only what changed), with the data time. */
export interface LiveScreen {
  panels: Record<string, unknown>;
  /** the data time (server clock, ms), null before the first update */
  at: number | null;
  demo: boolean;
  state: LiveState;
}

export function useLiveScreen(screen: string): LiveScreen {
  const [live, setLive] = useState<LiveScreen>({ panels: {}, at: null, demo: false, state: { kind: 'connecting' } });
  useEffect(
    () =>
      openLiveStream(screen, {
        onUpdate: (u) => setLive((l) => ({ ...l, at: u.at, demo: u.demo, panels: { ...l.panels, ...u.panels } })),
        onState: (state) => setLive((l) => ({ ...l, state })),
      }),
    [screen],
  );
  return live;
}
