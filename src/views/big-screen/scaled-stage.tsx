import { createContext, useLayoutEffect, useState, type ReactNode } from 'react';

/**
 * Every screen is laid out at 1920×1080 and scaled as a whole to the window, letterboxed: text
 * keeps its proportions on any wall (stretching flattens it, dataease #13622). The scale is handed
 * to the charts, whose canvases draw at devicePixelRatio × scale so they stay sharp scaled up.
 */

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

export const StageScale = createContext(1);

function fit(): number {
  return Math.min(window.innerWidth / STAGE_WIDTH, window.innerHeight / STAGE_HEIGHT);
}

export function ScaledStage({ children, label }: { children: ReactNode; label: string }) {
  const [scale, setScale] = useState(fit);
  useLayoutEffect(() => {
    const onResize = () => setScale(fit());
    window.addEventListener('resize', onResize);
    onResize();
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div className="bs-viewport">
      <main
        className="bs-stage"
        aria-label={label}
        data-testid="big-screen-stage"
        style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        <StageScale.Provider value={scale}>{children}</StageScale.Provider>
      </main>
    </div>
  );
}
