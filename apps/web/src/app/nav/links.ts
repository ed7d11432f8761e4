// The navigation of spec §2, shared by the desktop bar and the mobile menu.

export interface NavItem {
  to: string;
  label: string;
}

export const BACKTEST_LINKS: NavItem[] = [
  { to: '/templates', label: 'Templates' },
  { to: '/stockperiod', label: 'Stock' },
  { to: '/studies', label: 'Studies' },
];

/** The Backtest trigger is highlighted when the path starts with one of its pages. */
export function isBacktestPath(pathname: string): boolean {
  return BACKTEST_LINKS.some((l) => pathname.startsWith(l.to));
}

export const AFTER_BACKTEST: NavItem[] = [
  { to: '/scanner', label: 'Scanner' },
  { to: '/rrc', label: 'RRC' },
];
export const PROFILE_LINK: NavItem = { to: '/profile', label: 'Profile' };
export const BLOG_LINK: NavItem = { to: '/blog', label: 'Blog' };
