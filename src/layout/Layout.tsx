import { Outlet } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';
import './layout.css';

/** The signed-in shell: sidebar from the menu, top bar, main area. */
export function Layout() {
  return (
    <div className="pc-layout">
      <Sidebar />
      <div className="pc-main">
        <Navbar />
        <main className="pc-app-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
