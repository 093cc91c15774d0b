import { observer } from 'mobx-react-lite';
import { demoHistory } from '../stores/demo-history-store';
import { tf } from '../i18n';

/** A line above the screen while the server still writes the demo history (a first `npm start`). */
export const DemoHistoryNotice = observer(function DemoHistoryNotice() {
  const p = demoHistory.progress;
  if (!p) return null;
  return (
    <div className="pc-history-notice" role="status">
      {tf('layout.historyLoading', p)}
    </div>
  );
});
