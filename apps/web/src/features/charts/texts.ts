// Every chart string the spec fixes (§2, §5, §8), used by the screens and their tests.
export const CHART_TEXT = {
  loading: 'Loading...',
  historyNotOk: 'Network response was not ok',
  dhistoryNotOk: 'Network error',
  noData: 'No data available',
  dynamicTitle: (symbol: string) => `Dynamic Chart for ${symbol}`,
  chartTitle: (symbol: string) => `Chart for ${symbol}`,
  noDataFor: (symbol: string) => `No data available for ${symbol}.`,
  settingsTitle: 'Chart Settings',
  addOverlay: '+ Add Overlay',
  showConfig: 'Show Config',
  hideConfig: 'Hide Config',
  addPane: '+ Add Pane',
  resetLayout: 'Reset Layout',
  remove: 'Remove',
  label: 'Label',
  comingSoon: 'coming soon',
  resetDefaults: 'Reset to Defaults',
  resetConfirm: 'Reset all settings to defaults? This cannot be undone.',
  close: 'Close',
  multiPaneTitle: (symbol: string) => `Multi-pane chart for ${symbol}`,
  multiPaneLink: 'Multi-pane view',
} as const;

/** Spec §9 chart frequencies. */
export const FREQUENCIES = [
  { id: 0, label: 'Daily' },
  { id: 1, label: 'Weekly' },
  { id: 2, label: 'Monthly' },
] as const;
