/**
 * The app router's navigate, for code outside React components (amis's env, session handlers).
 * A component's useNavigate() stops working once it unmounts or before it has mounted;
 * the router's own navigate always works.
 */
export type AppNavigate = (to: string | number, options?: { replace?: boolean }) => void;

let current: AppNavigate = () => undefined;

export function setAppNavigate(navigate: AppNavigate) {
  current = navigate;
}

export function appNavigate(to: string | number, options?: { replace?: boolean }) {
  current(to, options);
}
