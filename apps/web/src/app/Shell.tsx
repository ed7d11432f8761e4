import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** Navigation bar, page, footer (built out by the app-shell work). */
export function Shell() {
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex-1">
        <Suspense fallback={<p className="p-8 text-center">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
