import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
import '@fortawesome/fontawesome-free/css/all.min.css';
import { render, ToastComponent, type Schema } from 'amis';
import { amisFetcher } from '../../../src/amis/fetcher';
import { registerExtensions } from '../../../src/amis/extensions';

// the page file's vocabulary (dict shorthand, list defaults, filters) belongs to its meaning
registerExtensions();

const env = { fetcher: amisFetcher as never, isCancel: () => false };

export function renderBarePage(schema: Record<string, unknown>) {
  return (
    <>
      <ToastComponent />
      {render(schema as Schema, {}, env)}
    </>
  );
}
