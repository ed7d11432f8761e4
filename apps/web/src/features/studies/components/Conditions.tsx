import { settingsInWords, type TemplateDetail } from '@app/contract';
import { describeCondition } from '@app/quant';
import { Badge } from '../../../components/index.ts';

/** The template's rules in a trader's words: "BUY when RSI(14) < 30 and …", and its trading settings
 *  with its exits: "99% of equity per trade · … · stop 5 %, target 15 %, risk 1 % of equity". */
export function Conditions({ template }: { template: TemplateDetail }) {
  const side = (type: 'BUY' | 'SELL') => template.indicators.filter((i) => i.indicator_type === type).map((i) => describeCondition(i));
  const rows = [
    { type: 'BUY' as const, words: side('BUY') },
    { type: 'SELL' as const, words: side('SELL') },
  ];
  return (
    <div className="space-y-1.5 text-sm" data-testid="conditions">
      {rows.map((r) => (
        <p key={r.type} className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
          <Badge tone={r.type === 'BUY' ? 'green' : 'red'} className="w-12 justify-center">{r.type}</Badge>
          <span className="text-slate-500 dark:text-slate-400">when</span>
          {r.words.length === 0 ? (
            <span className="text-slate-500 italic dark:text-slate-400">no condition</span>
          ) : (
            r.words.map((w, i) => (
              <span key={i} className="flex items-center gap-1.5">
                {i > 0 && <span className="text-slate-500 dark:text-slate-400">and</span>}
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-900 dark:bg-slate-800 dark:text-slate-100">{w}</code>
              </span>
            ))
          )}
        </p>
      ))}
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="template-settings">{settingsInWords(template)}</p>
    </div>
  );
}
