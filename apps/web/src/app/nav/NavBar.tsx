import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Badge, Button, CloseIcon, MenuIcon, buttonClass, cx } from '../../components/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { DEMO_DATA_BADGE, DEMO_DATA_NOTICE, useAppMeta } from '../../lib/meta.ts';
import { MARKET_DATA_PATH } from '../../lib/marketStatus.ts';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { BacktestMenu } from './BacktestMenu.tsx';
import { Logo } from './Logo.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { AFTER_BACKTEST, BACKTEST_LINKS, BLOG_LINK, SIGNED_IN_LINKS, isBacktestPath, type NavItem } from './links.ts';
import { mobileLinkClass, navLinkClass } from './styles.ts';

/** The sticky bar of spec §2: desktop links from lg up, a collapsible menu below that. */
export function NavBar() {
  const { isAuthenticated, logout } = useAuth();
  const { meta } = useAppMeta();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  // The mobile menu closes whenever the route changes (a link was followed).
  // eslint-disable-next-line react-hooks/set-state-in-effect -- see the line above: closing on navigation is the point
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Focus inside the menu would be left on a hidden link: hand it back to the toggle.
      if (menu.current?.contains(document.activeElement)) menuButton.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onLogout = async () => {
    setMenuOpen(false);
    await logout();
    navigate('/');
  };

  const afterBacktest: NavItem[] = [...AFTER_BACKTEST, ...(isAuthenticated ? SIGNED_IN_LINKS : []), BLOG_LINK];
  const desktopLink = (l: NavItem, end = false) => (
    <NavLink key={l.to} to={l.to} end={end} className={({ isActive }) => navLinkClass(isActive)}>
      {l.label}
    </NavLink>
  );
  const mobileLink = (l: NavItem, end = false, indent = false) => (
    <NavLink key={l.to} to={l.to} end={end} onClick={() => setMenuOpen(false)} className={({ isActive }) => cx(mobileLinkClass(isActive), indent && 'pl-6')}>
      {l.label}
    </NavLink>
  );

  return (
    <nav aria-label="Main" className="border-b border-slate-200 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70 dark:border-slate-800 dark:bg-slate-950/85 dark:supports-[backdrop-filter]:bg-slate-950/70">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="Stockbench home">
          <Logo />
        </Link>
        {meta.demoData && (
          <Link to={MARKET_DATA_PATH} className="rounded-full focus:ring-2 focus:ring-amber-500/40 focus:outline-none">
            <Badge tone="amber" title={DEMO_DATA_NOTICE}>
              <span data-testid="demo-badge">{DEMO_DATA_BADGE}</span>
            </Badge>
          </Link>
        )}

        <div className="ml-2 hidden flex-1 items-center gap-1 lg:flex">
          {desktopLink({ to: '/', label: 'Home' }, true)}
          <BacktestMenu />
          {afterBacktest.map((l) => desktopLink(l))}
        </div>

        <div className="ml-auto flex items-center gap-1.5">
          <NotificationBell />
          <ThemeToggle />
          <div className="hidden lg:block">
            {isAuthenticated ? (
              <Button variant="secondary" size="sm" onClick={onLogout}>
                Logout
              </Button>
            ) : (
              <Link to="/login" className={buttonClass('primary', 'sm')}>
                Login
              </Link>
            )}
          </div>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div ref={menu} id="mobile-menu" hidden={!menuOpen} className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-t border-slate-200 px-4 pb-4 pt-2 lg:hidden dark:border-slate-800">
        <div className="space-y-0.5">
          {mobileLink({ to: '/', label: 'Home' }, true)}
          <p
            className={cx(
              'px-3 pt-2 pb-1 text-xs font-semibold tracking-wider uppercase',
              isBacktestPath(pathname) ? 'text-blue-700 dark:text-blue-300' : 'text-slate-500 dark:text-slate-400',
            )}
            data-active={isBacktestPath(pathname) || undefined}
          >
            Backtest
          </p>
          {BACKTEST_LINKS.map((l) => mobileLink(l, false, true))}
          <div className="my-2 border-t border-slate-200 dark:border-slate-800" />
          {afterBacktest.map((l) => mobileLink(l))}
        </div>
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
          {isAuthenticated ? (
            <Button variant="secondary" className="w-full" onClick={onLogout}>
              Logout
            </Button>
          ) : (
            <Link to="/login" onClick={() => setMenuOpen(false)} className={buttonClass('primary', 'md', 'w-full')}>
              Login
            </Link>
          )}
        </div>
      </div>
    </nav>
  );
}
