import type { Indicator } from '@app/contract';
import { describeCondition } from '@app/quant';
import { Badge, Button } from '../../../components/index.ts';
import { TEMPLATE_TEXT } from '../texts.ts';

/** The settings a row's wording leaves out (drift 1 and offset 0 are the defaults it omits). */
function details(i: Indicator): string {
  switch (i.name) {
    case 'RSI': return `period ${i.period} · drift ${i.drift} · value ${i.cvalue}`;
    case 'SMA': case 'EMA': return `period ${i.period} · drift ${i.drift} · vs close`;
    case 'SUPERTREND': return `length ${i.length} · offset ${i.offset} · vs close`;
    case 'OBV': return `offset ${i.offset} · value ${i.cvalue}`;
    default: return '';
  }
}

/** A template's indicators in a trader's words, in the order they were added (spec §4: a new
 *  indicator is appended), each with a Delete button. */
export function IndicatorList({ indicators, onDelete, deleting }: { indicators: Indicator[]; onDelete: (i: Indicator) => void; deleting: number | null }) {
  if (indicators.length === 0) return <p className="py-2 text-sm text-slate-500 dark:text-slate-400">{TEMPLATE_TEXT.noIndicators}</p>;
  const sorted = [...indicators].sort((a, b) => a.id - b.id);
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Indicators">
      {sorted.map((i) => {
        const text = describeCondition(i);
        return (
          <li key={i.id} className="flex items-center gap-3 py-2.5" data-testid="indicator-row">
            <Badge tone={i.indicator_type === 'BUY' ? 'green' : 'red'} className="w-12 shrink-0 justify-center">{i.indicator_type}</Badge>
            <div className="min-w-0 flex-1">
              <p className="truncate font-mono text-sm font-medium text-slate-900 dark:text-slate-100" data-testid="condition-text">{text}</p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{details(i)}</p>
            </div>
            <Button size="sm" variant="ghost" onClick={() => onDelete(i)} loading={deleting === i.id} aria-label={`Delete ${i.indicator_type} ${text}`}>
              {TEMPLATE_TEXT.delete}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
