import { Link, useParams } from 'react-router';
import { buttonClass, ErrorText, Loading, Page, StarToggle } from '../../components/index.ts';
import { useCompanyInfo, useDailyHistory } from './api.ts';
import { PaneChart } from './components/PaneChart.tsx';
import { useDisplaySettings, useOverlays } from './hooks/useChartState.ts';
import { defaultParams, type Pane } from './state/panes.ts';
import { CHART_TEXT } from './texts.ts';

/** Spec §2's multi-pane view: price, volume, RSI, MACD and OBV at once (fixed layout; the overlays and
 *  display settings are the ones chosen on /rchart). */
const MULTI_PANES: Pane[] = [
  { id: 'price', kind: 'price', stretchFactor: 3, params: {} },
  { id: 'volume', kind: 'volume', stretchFactor: 1, params: {} },
  { id: 'rsi', kind: 'rsi', stretchFactor: 1, params: defaultParams('rsi') },
  { id: 'macd', kind: 'macd', stretchFactor: 1, params: defaultParams('macd') },
  { id: 'obv', kind: 'obv', stretchFactor: 1, params: {} },
];

export default function MultiPaneChartPage() {
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const history = useDailyHistory(symbol);
  const company = useCompanyInfo(symbol);
  const [overlays] = useOverlays();
  const [settings, , toggleLegend] = useDisplaySettings();
  const candles = history.data?.candles ?? [];
  return (
    <Page
      width="chart"
      compact
      tabTitle
      title={CHART_TEXT.multiPaneTitle(symbol)}
      actions={
        <>
          <StarToggle symbol={symbol} />
          <Link to={`/rchart/${encodeURIComponent(symbol)}`} className={buttonClass('secondary', 'sm')}>
            {CHART_TEXT.chartTitle(symbol)}
          </Link>
        </>
      }
    >
      {history.isPending ? (
        <Loading text={CHART_TEXT.loading} />
      ) : history.error ? (
        <ErrorText>{history.error.message}</ErrorText>
      ) : candles.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:border-slate-700 dark:text-slate-400">{CHART_TEXT.noDataFor(symbol)}</p>
      ) : (
        <PaneChart symbol={symbol} candles={candles} panes={MULTI_PANES} overlays={overlays} settings={settings} company={company.data} onToggleLegend={toggleLegend} />
      )}
    </Page>
  );
}
