import { lazy, type ComponentType } from 'react';
import type { AmisPageProps } from './amis-page';

/** After a redeploy the old chunk names are gone: offer a reload instead of a blank tab. */
function ChunkLoadFailed(_props: AmisPageProps) {
  return (
    <section className="pc-card pc-page-problem" role="alert">
      <h2>页面资源加载失败</h2>
      <p>系统可能已经更新，请刷新页面后重试。</p>
      <button className="pc-btn pc-btn--primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </section>
  );
}

// amis is heavy: loaded only when a JSON screen opens, never on the sign-in page.
export const LazyAmisPage = lazy((): Promise<{ default: ComponentType<AmisPageProps> }> =>
  import('./amis-page').catch(() => ({ default: ChunkLoadFailed })),
);
