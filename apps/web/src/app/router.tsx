import { lazy } from 'react';
import { Navigate } from 'react-router';
import { Shell } from './Shell.tsx';
import { RequireAuth } from './RequireAuth.tsx';

// Each screen is its own chunk so the charting library loads only where charts are.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const C = lazy(load);
  return <C />;
};
const guarded = (load: () => Promise<{ default: React.ComponentType }>) => <RequireAuth>{page(load)}</RequireAuth>;

// The route table of spec §2. No errorElement: React Router's default screen shows
// 'Unexpected Application Error!' with the message, as the spec requires.
export const routes = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: page(() => import('../features/home/HomePage.tsx')) },
      { path: 'templates', element: guarded(() => import('../features/templates/TemplatesPage.tsx')) },
      { path: 'stockperiod', element: guarded(() => import('../features/periods/PeriodsPage.tsx')) },
      { path: 'studies', element: guarded(() => import('../features/studies/StudiesPage.tsx')) },
      { path: 'optimize', element: guarded(() => import('../features/optimize/OptimizePage.tsx')) },
      { path: 'many/universe/:runId?', element: guarded(() => import('../features/many/UniverseRunPage.tsx')) },
      { path: 'many/portfolio/:runId?', element: guarded(() => import('../features/many/PortfolioRunPage.tsx')) },
      { path: 'rotation/:runId?', element: guarded(() => import('../features/rotation/RotationPage.tsx')) },
      { path: 'profile', element: guarded(() => import('../features/profile/ProfilePage.tsx')) },
      { path: 'login', element: page(() => import('../features/auth/LoginPage.tsx')) },
      { path: 'signup', element: page(() => import('../features/auth/SignupPage.tsx')) },
      { path: 'forgot-password', element: page(() => import('../features/auth/ForgotPasswordPage.tsx')) },
      { path: 'password-reset-confirm/:uidb64/:token', element: page(() => import('../features/auth/ResetConfirmPage.tsx')) },
      { path: 'oauth/callback', element: page(() => import('../features/auth/OAuthCallbackPage.tsx')) },
      { path: 'scanner', element: page(() => import('../features/scanner/ScannerPage.tsx')) },
      { path: 'chart/:symbol/:frequencyID?', element: page(() => import('../features/charts/ChartPage.tsx')) },
      { path: 'dchart/:symbol', element: page(() => import('../features/charts/DynamicChartPage.tsx')) },
      { path: 'rchart/:symbol', element: guarded(() => import('../features/charts/AdvancedChartPage.tsx')) },
      { path: 'mchart/:symbol', element: guarded(() => import('../features/charts/MultiPaneChartPage.tsx')) },
      { path: 'rrc/*', element: page(() => import('../features/rrc/RiskRewardPage.tsx')) },
      { path: 'watchlists', element: guarded(() => import('../features/watchlists/WatchlistsPage.tsx')) },
      { path: 'alerts', element: guarded(() => import('../features/alerts/AlertsPage.tsx')) },
      { path: 'notifications', element: guarded(() => import('../features/notifications/NotificationsPage.tsx')) },
      { path: 'unsubscribe', element: page(() => import('../features/notifications/UnsubscribePage.tsx')) },
      { path: 'market-data', element: page(() => import('../features/marketdata/MarketDataPage.tsx')) },
      { path: 'help/overfitting', element: page(() => import('../features/help/OverfittingHelpPage.tsx')) },
      { path: 'blog', element: page(() => import('../features/blog/BlogListPage.tsx')) },
      { path: 'blog/:slug', element: page(() => import('../features/blog/BlogPostPage.tsx')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

// The browser router is created in App.tsx, so this table can be imported where there is no DOM (tests).
