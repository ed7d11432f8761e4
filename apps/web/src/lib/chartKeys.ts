import type { IChartApi } from 'lightweight-charts';

/** What the keys do, for the chart box's label and its aria-keyshortcuts. */
export const CHART_KEYS_HINT = '← → scroll, + − zoom, Home End start and end';

/** The bars a view of `span` bars moves by for one arrow key press. */
const step = (span: number) => Math.max(1, Math.round(span / 10));

/** The visible range (in bar indices) after a key, or null for a key the chart does not take. */
export function keyedRange(key: string, r: { from: number; to: number }, bars: number): { from: number; to: number } | null {
  const span = r.to - r.from;
  const mid = (r.from + r.to) / 2;
  switch (key) {
    case 'ArrowLeft': return { from: r.from - step(span), to: r.to - step(span) };
    case 'ArrowRight': return { from: r.from + step(span), to: r.to + step(span) };
    case '+': case '=': return span <= 4 ? r : { from: mid - span / 4, to: mid + span / 4 };
    case '-': case '_': return { from: mid - span, to: mid + span };
    case 'Home': return { from: 0, to: span };
    case 'End': return { from: bars - 1 - span, to: bars - 1 };
    default: return null;
  }
}

/** The chart box takes the keyboard: it can be focused, and the arrows scroll its view, + and − zoom
 *  around its middle, Home and End go to the first and last bars, as dragging and the wheel do with a
 *  mouse. Returns what removes the listener. */
export function chartKeys(chart: IChartApi, el: HTMLElement, bars: () => number): () => void {
  el.tabIndex = 0;
  el.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight + - Home End');
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const ts = chart.timeScale();
    const r = ts.getVisibleLogicalRange();
    const next = r && keyedRange(e.key, r, bars());
    if (!next) return;
    e.preventDefault();
    ts.setVisibleLogicalRange(next);
  };
  el.addEventListener('keydown', onKey);
  return () => el.removeEventListener('keydown', onKey);
}
