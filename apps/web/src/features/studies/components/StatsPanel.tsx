import type { BacktestStats } from '@app/contract';
import { StatsPanel as SharedStatsPanel } from '../../../components/StatsPanel.tsx';
import { STUDIES_ERRORS, STUDIES_TEXT } from '../texts.ts';

/** Headline tiles and the full key/value table (components/StatsPanel.tsx) in this screen's words. */
export function StatsPanel({ stats, actions }: { stats: BacktestStats; actions?: React.ReactNode }) {
  return <SharedStatsPanel stats={stats} title={STUDIES_TEXT.statsTitle} emptyText={STUDIES_ERRORS.noStats} actions={actions} />;
}
