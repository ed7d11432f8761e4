import { Link } from 'react-router';
import { textLinkClass } from '../components/index.ts';
import { DEMO_DATA_NOTICE, useAppMeta } from '../lib/meta.ts';

/** Support contact and disclaimer (spec §1), both configurable on the server via /api/meta/. */
export function Footer() {
  const { meta, loaded } = useAppMeta();
  return (
    <footer data-meta-loaded={loaded || undefined} className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-sm sm:px-6 md:grid-cols-[1fr_2fr]">
        <div className="space-y-2">
          <p className="font-semibold text-slate-900 dark:text-white">Stockbench</p>
          <p className="text-slate-600 dark:text-slate-400">
            Support:{' '}
            <a href={`mailto:${meta.supportEmail}`} data-testid="support-email" className={textLinkClass}>
              {meta.supportEmail}
            </a>
          </p>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-1 text-slate-500 dark:text-slate-400">
            <Link to="/scanner" className="hover:text-slate-900 dark:hover:text-white">Scanner</Link>
            <Link to="/rrc" className="hover:text-slate-900 dark:hover:text-white">Risk-Reward Calculator</Link>
            <Link to="/blog" className="hover:text-slate-900 dark:hover:text-white">Blog</Link>
          </nav>
        </div>
        <div className="space-y-2 text-xs leading-5 text-slate-500 dark:text-slate-400">
          <p data-testid="disclaimer">
            <span className="font-semibold text-slate-700 dark:text-slate-300">Disclaimer: </span>
            {meta.disclaimer}
          </p>
          {meta.demoData && <p>{DEMO_DATA_NOTICE}</p>}
          <p>© {new Date().getFullYear()} Stockbench</p>
        </div>
      </div>
    </footer>
  );
}
