import { Link } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { brandStore } from './brand-store';

/** The brand of this deployment (by the `account` cookie): logo, and the title while the sidebar is open. */
export const SidebarLogo = observer(function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { logo } = brandStore.brand;
  const { siteTitle } = brandStore;
  return (
    // collapsed, the logo alone is the link: the title becomes its name
    <Link className="pc-sidebar__brand" to="/" data-testid="sidebar-brand" aria-label={collapsed ? siteTitle : undefined}>
      {logo ? <img className="pc-sidebar__logo" src={logo} alt="" /> : null}
      {collapsed ? null : <h1 className="pc-sidebar__title">{siteTitle}</h1>}
    </Link>
  );
});
