import { Link } from 'react-router';
import { percentToFraction } from '@app/contract';
import type { RiskResult } from '@app/quant';
import { buttonClass, cx } from '../../../components/index.ts';
import { newTemplateLink } from '../../../lib/newTemplateLink.ts';
import { RRC_TEXT } from '../texts.ts';

/** The calculator's stop and risk as a template's stop_loss_pct and risk_pct (fractions). The stop is
 *  level 1's gain (1 × stop %); the risk is "Risk as % of Equity" to the precision a trader reads. */
export function templateExits(result: RiskResult): { stop_loss_pct: number; risk_pct: number } | null {
  const stop = result.gainPercents[0];
  const risk = Number(result.riskEquity.toPrecision(6));
  if (!(stop > 0) || !(risk > 0)) return null;
  return { stop_loss_pct: percentToFraction(stop), risk_pct: percentToFraction(risk) };
}

/** "Use in a template": opens a new template with this stop-loss and this risk per trade filled in. */
export function UseInTemplate({ result }: { result: RiskResult | null }) {
  const exits = result && templateExits(result);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <p className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-400">
        {exits && result ? RRC_TEXT.inTemplateHint(result.gainPercents[0], Number(result.riskEquity.toPrecision(6))) : RRC_TEXT.inTemplateNeeds}
      </p>
      {exits ? (
        <Link to={newTemplateLink(exits)} className={buttonClass('secondary')}>
          {RRC_TEXT.useInTemplate}
        </Link>
      ) : (
        <span aria-disabled="true" className={cx(buttonClass('secondary'), 'cursor-not-allowed opacity-50')}>
          {RRC_TEXT.useInTemplate}
        </span>
      )}
    </div>
  );
}
