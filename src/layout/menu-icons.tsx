/**
 * A small inline icon set keyed by the menu `icon` names the server sends:
 * no icon font and nothing fetched from a CDN. Unknown names get a default.
 */
const PATHS: Record<string, string> = {
  parking: 'M5 3h14v18H5zM9 17V7h4a3 3 0 0 1 0 6H9',
  charging: 'M13 2 4 14h7l-1 8 9-12h-7z',
  fee: 'M12 3v18M17 7H9.5a3 3 0 0 0 0 6h5a3 3 0 0 1 0 6H6',
  price: 'M12 3v18M17 7H9.5a3 3 0 0 0 0 6h5a3 3 0 0 1 0 6H6',
  calculator: 'M5 2h14v20H5zM8 6h8v4H8zM8 14h2M14 14h2M8 18h2M14 18h2',
  order: 'M6 2h12v20H6zM9 7h6M9 11h6M9 15h4',
  refund: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-4',
  arrears: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 7v6M12 16v1',
  coupon: 'M3 6h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zM10 6v12',
  card: 'M2 5h20v14H2zM2 10h20M6 15h4',
  finance: 'M3 21h18M5 21V10M10 21V10M14 21V10M19 21V10M2 10l10-7 10 7',
  chart: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  monitor: 'M2 4h20v13H2zM8 21h8M12 17v4',
  device: 'M4 4h16v12H4zM8 20h8M12 16v4',
  tool: 'M14 6a4 4 0 0 0 5 5l2 2-8 8-2-2a4 4 0 0 0-5-5L3 11l8-8z',
  system: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h1M3 12h1M3 18h1',
  map: 'M9 3 3 6v15l6-3 6 3 6-3V3l-6 3zM9 3v15M15 6v15',
  tree: 'M12 3v6M12 9H5v5M12 9h7v5M3 14h4v4H3zM17 14h4v4h-4zM10 1h4v4h-4z',
  lane: 'M6 2 4 22M18 2l2 20M12 4v3M12 11v3M12 18v3',
  space: 'M3 3h18v18H3zM9 3v18M15 3v18',
  pile: 'M6 2h9v20H6zM9 6h3M15 8h2a2 2 0 0 1 2 2v6a2 2 0 0 0 4 0',
  gun: 'M4 8h12l4 4-4 4H4zM8 16v5',
  group: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-2a5 5 0 0 1 10 0v2M17 11a3 3 0 1 0 0-6M22 21v-2a4 4 0 0 0-3-4',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM3 22a9 9 0 0 1 18 0',
  role: 'M12 2 4 5v6c0 5 3.5 9 8 11 4.5-2 8-6 8-11V5z',
  menu: 'M3 6h18M3 12h18M3 18h18',
  dict: 'M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3zM4 17a3 3 0 0 1 3-3h11',
  log: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  notice: 'M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0',
  audit: 'M9 11l3 3 8-8M20 12v8H4V4h12',
  rule: 'M4 4h16v16H4zM8 9h8M8 13h8M8 17h5',
  link: 'M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
  dashboard: 'M3 11 12 3l9 8M5 10v11h14V10',
  default: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
};

export function MenuIcon({ name }: { name?: string }) {
  const d = PATHS[name ?? ''] ?? PATHS.default;
  return (
    <svg
      className="pc-menu__icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
