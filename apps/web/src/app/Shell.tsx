import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/index.ts';
import { Footer } from './Footer.tsx';
import { SessionExpiredBanner } from './SessionExpiredBanner.tsx';
import { NavBar } from './nav/NavBar.tsx';

/** Sticky navigation (with the session banner under it), the page, the footer. */
export function Shell() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow dark:focus:bg-slate-900">
        Skip to content
      </a>
      <header className="sticky top-0 z-40">
        <NavBar />
        <SessionExpiredBanner />
      </header>
      <main id="main" className="flex-1">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
