import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass, ErrorText, Loading, Page, StarToggle } from '../../components/index.ts';
import { useCompanyInfo, useDailyHistory } from './api.ts';
import { GearIcon } from './components/GearIcon.tsx';
import { OverlayControls } from './components/OverlayControls.tsx';
import { PaneCards } from './components/PaneCards.tsx';
import { PaneChart } from './components/PaneChart.tsx';
import { SettingsDialog } from './components/SettingsDialog.tsx';
import { useDisplaySettings, useOverlays, usePanes } from './hooks/useChartState.ts';
import { CHART_TEXT } from './texts.ts';

/** /rchart/{symbol}/: the advanced chart with overlays, indicator panes and settings (spec §2). */
export default function AdvancedChartPage() {
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const history = useDailyHistory(symbol);
  const company = useCompanyInfo(symbol);
  const [panes, panesDispatch] = usePanes();
  const [overlays, overlaysDispatch] = useOverlays();
  const [settings, settingsDispatch, toggleLegend] = useDisplaySettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const candles = history.data?.candles ?? [];
  const onResizePanes = useCallback((factors: Record<string, number>) => panesDispatch({ type: 'setStretch', factors }), [panesDispatch]);

  return (
    <Page
      width="chart"
      compact
      tabTitle
      title={CHART_TEXT.chartTitle(symbol)}
      actions={
        <>
          <StarToggle symbol={symbol} />
          <Link to={`/mchart/${encodeURIComponent(symbol)}`} className={buttonClass('secondary', 'sm')}>
            {CHART_TEXT.multiPaneLink}
          </Link>
          <Button variant="secondary" size="icon" title={CHART_TEXT.settingsTitle} aria-label={CHART_TEXT.settingsTitle} onClick={() => setSettingsOpen(true)}>
            <GearIcon />
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <OverlayControls overlays={overlays} dispatch={overlaysDispatch} />
        {history.isPending ? (
          <Loading text={CHART_TEXT.loading} />
        ) : history.error ? (
          <ErrorText>{history.error.message}</ErrorText>
        ) : candles.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-500 dark:border-slate-700 dark:text-slate-400">{CHART_TEXT.noDataFor(symbol)}</p>
        ) : (
          <PaneChart symbol={symbol} candles={candles} panes={panes} overlays={overlays} settings={settings} company={company.data} onToggleLegend={toggleLegend} onResizePanes={onResizePanes} />
        )}
        <PaneCards panes={panes} dispatch={panesDispatch} />
      </div>
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} dispatch={settingsDispatch} />
    </Page>
  );
}
