/**
 * The app router's navigate, for code outside React components (amis's env, session handlers).
 * A component's useNavigate() stops working once it unmounts or before it has mounted;
 * the router's own navigate always works.
 */
export type AppNavigate = (to: string | number, options?: { replace?: boolean }) => void;

// before the router exists (a screen drawn at start-up, src/layout/first-screen.tsx) the address
// itself moves; the router starts from it
let current: AppNavigate = (to, options) => {
  if (typeof to === 'number') window.history.go(to);
  else if (options?.replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
};

export function setAppNavigate(navigate: AppNavigate) {
  current = navigate;
}

export function appNavigate(to: string | number, options?: { replace?: boolean }) {
  current(to, options);
}
