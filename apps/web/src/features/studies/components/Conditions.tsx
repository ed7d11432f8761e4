import { settingsInWords, type TemplateDetail } from '@app/contract';
import { describeCondition } from '@app/quant';
import { Badge } from '../../../components/index.ts';
import { blocksOf, sideOfRows, SIDE_TYPES } from '../../../lib/templateSides.ts';

const TONE = { BUY: 'green', SELL: 'red', SHORT: 'red', COVER: 'green' } as const;

/** The template's rules in a trader's words: "BUY when RSI(14) < 30 and …" (a short template's
 *  SHORT and COVER; the rows of a block joined by "and", its blocks by "or"), and its trading
 *  settings with its exits: "99% of equity per trade · … · stop 5 %, target 15 %, risk 1 % of equity". */
export function Conditions({ template }: { template: TemplateDetail }) {
  const rows = SIDE_TYPES[sideOfRows(template.indicators) ?? 'long'].map((type) => ({
    type,
    words: blocksOf([...template.indicators].sort((a, b) => a.id - b.id), type).flatMap((b, k) =>
      b.rows.map((r, i) => ({ joiner: i > 0 ? 'and' : k > 0 ? 'or' : '', text: describeCondition(r) })),
    ),
  }));
  return (
    <div className="space-y-1.5 text-sm" data-testid="conditions">
      {rows.map((r) => (
        <p key={r.type} className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
          <Badge tone={TONE[r.type]} className="w-14 justify-center">{r.type}</Badge>
          <span className="text-slate-500 dark:text-slate-400">when</span>
          {r.words.length === 0 ? (
            <span className="text-slate-500 italic dark:text-slate-400">no condition</span>
          ) : (
            r.words.map((w, i) => (
              <span key={i} className="flex items-center gap-1.5">
                {w.joiner && <span className={w.joiner === 'or' ? 'font-medium text-slate-700 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400'}>{w.joiner}</span>}
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">{w.text}</code>
              </span>
            ))
          )}
        </p>
      ))}
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="template-settings">{settingsInWords(template)}</p>
    </div>
  );
}
