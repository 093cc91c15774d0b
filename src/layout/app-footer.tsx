import { observer } from 'mobx-react-lite';
import { settingsStore } from '../stores/settings-store';
import { brandStore } from './brand-store';

/** Shown only for the account the runtime config names: its text and the filing number as a link. */
export const AppFooter = observer(function AppFooter() {
  const { showFooter, footerTxt, caseNumber, ycCaseNumber, lzCaseNumber, ptCaseNumber } = settingsStore.settings;
  if (!showFooter) return null;
  const number = caseNumber || ycCaseNumber || lzCaseNumber || ptCaseNumber;
  const link = brandStore.caseNumberLink;
  return (
    <footer className="pc-footer" data-testid="app-footer">
      <span>{footerTxt}</span>
      {number ? (
        link ? (
          <a href={link} target="_blank" rel="noreferrer">
            {number}
          </a>
        ) : (
          <span>{number}</span>
        )
      ) : null}
    </footer>
  );
});
