import { Link } from 'react-router';
import { Alert, buttonClass, FirstBacktest } from '../../components/index.ts';
import { DEMO_DATA_BADGE, DEMO_DATA_NOTICE, useAppMeta } from '../../lib/meta.ts';
import { ClockTile } from './components/ClockTile.tsx';
import { FeatureTile } from './components/FeatureTile.tsx';
import { HOME_TILES, HOME_TITLE } from './homeTiles.ts';

/** Home (spec §1): title, intro, a first backtest in one click, five feature tiles and a live clock. */
export default function HomePage() {
  const { meta } = useAppMeta();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <section className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">Stockbench</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{HOME_TITLE}</h1>
        <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg dark:text-slate-300">
          Find high-potential stocks and spend less time choosing them. Combine technical indicators with fundamental criteria: build
          templates of buy and sell rules, test them on any symbol and period, and review stats, trades and a chart. Then scan the US
          market with basic, technical and fundamental filters.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/scanner" className={buttonClass('primary')}>
            Open the scanner
          </Link>
          <Link to="/templates" className={buttonClass('secondary')}>
            Start a backtest
          </Link>
        </div>
      </section>

      {meta.demoData && (
        <Alert tone="warning" title={DEMO_DATA_BADGE} className="mt-8">
          <span data-testid="demo-notice">{DEMO_DATA_NOTICE}</span>
        </Alert>
      )}

      <FirstBacktest className="mt-8" />

      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Features">
        {HOME_TILES.map((tile) => (
          <li key={tile.title}>
            <FeatureTile tile={tile} />
          </li>
        ))}
        <li>
          <ClockTile />
        </li>
      </ul>
    </div>
  );
}
