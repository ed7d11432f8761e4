// The navigation of spec §2, shared by the desktop bar and the mobile menu.

export interface NavItem {
  to: string;
  label: string;
}

export const BACKTEST_LINKS: NavItem[] = [
  { to: '/templates', label: 'Templates' },
  { to: '/stockperiod', label: 'Stock' },
  { to: '/studies', label: 'Studies' },
  { to: '/rotation', label: 'Rotation' },
];

/** The Backtest trigger is highlighted when the path starts with one of its pages. */
export function isBacktestPath(pathname: string): boolean {
  return BACKTEST_LINKS.some((l) => pathname.startsWith(l.to));
}

export const AFTER_BACKTEST: NavItem[] = [
  { to: '/scanner', label: 'Scanner' },
  { to: '/rrc', label: 'RRC' },
];
/** A signed-in user's own pages: their watchlists and alerts, then their profile. */
export const SIGNED_IN_LINKS: NavItem[] = [
  { to: '/watchlists', label: 'Watchlists' },
  { to: '/alerts', label: 'Alerts' },
  { to: '/profile', label: 'Profile' },
];
export const BLOG_LINK: NavItem = { to: '/blog', label: 'Blog' };
