import { describe, expect, it } from 'vitest';
import { calculateRiskReward, DEFAULT_RISK_INPUTS } from '@app/quant';
import { newTemplateLink } from '../../lib/newTemplateLink.ts';
import { templateExits } from './components/UseInTemplate.tsx';

describe('"Use in a template"', () => {
  it('takes the calculator’s stop % and its "Risk as % of Equity" as the template’s stop and risk (fractions)', () => {
    const exits = templateExits(calculateRiskReward(DEFAULT_RISK_INPUTS)!)!;
    // AAPL at $150, a 4 % stop, 6 shares of a $100,000 portfolio: $36 at risk, 0.036 % of equity
    expect(exits).toEqual({ stop_loss_pct: 0.04, risk_pct: 0.00036 });
    expect(newTemplateLink(exits)).toBe('/templates?new=1&stop_loss_pct=0.04&risk_pct=0.00036');
  });
  it('offers nothing when nothing is at risk (not one whole share)', () => {
    expect(templateExits(calculateRiskReward({ ...DEFAULT_RISK_INPUTS, positionSizePercent: 0.1 })!)).toBeNull();
  });
});
