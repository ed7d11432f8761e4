import { useCallback, useMemo, useState } from 'react';
import {
  calculateRiskReward,
  DEFAULT_RISK_INPUTS,
  stepStopPercent,
  stepStopPrice,
  stopPercentFromPrice,
  stopPriceFromPercent,
  type RiskResult,
} from '@app/quant';
import { priceText, toNumber, toPercent } from '../format.ts';

export type StopMode = 'percent' | 'price';

/** The fields as typed (text), so a half-typed "12." or a blank field is kept as the user left it. */
export interface RiskForm {
  symbol: string;
  sharePrice: string;
  portfolioSize: string;
  positionSizePercent: string;
  stopLossPercent: string;
  stopLossPrice: string;
}

export const DEFAULT_FORM: RiskForm = {
  symbol: DEFAULT_RISK_INPUTS.symbol,
  sharePrice: String(DEFAULT_RISK_INPUTS.sharePrice),
  portfolioSize: String(DEFAULT_RISK_INPUTS.portfolioSize),
  positionSizePercent: String(DEFAULT_RISK_INPUTS.positionSizePercent),
  stopLossPercent: String(DEFAULT_RISK_INPUTS.stopLossPercent),
  stopLossPrice: priceText(DEFAULT_RISK_INPUTS.stopLossPrice),
};

const compute = (f: RiskForm): RiskResult | null =>
  calculateRiskReward({
    sharePrice: toNumber(f.sharePrice),
    portfolioSize: toNumber(f.portfolioSize),
    positionSizePercent: toPercent(f.positionSizePercent),
    stopLossPercent: toPercent(f.stopLossPercent),
  });

/** Keeps stop % and stop price linked (spec §5): the field just edited decides the other. */
function linkFromPercent(f: RiskForm): RiskForm {
  const price = stopPriceFromPercent(toNumber(f.sharePrice), toPercent(f.stopLossPercent));
  return price === null ? f : { ...f, stopLossPrice: priceText(price) };
}
function linkFromPrice(f: RiskForm): RiskForm {
  // Only a stop below the share price has a percent; otherwise the percent stays as it was.
  const pct = stopPercentFromPrice(toNumber(f.sharePrice), toNumber(f.stopLossPrice));
  return pct === null ? f : { ...f, stopLossPercent: String(pct) };
}

/**
 * State of the /rrc screen (spec §4): the result is computed once on load, recomputed on Calculate,
 * and cleared as soon as the inputs become invalid. Valid edits wait for Calculate (`stale` says so).
 */
export function useRiskCalculator() {
  const [form, setForm] = useState<RiskForm>(DEFAULT_FORM);
  const [mode, setMode] = useState<StopMode>('percent');
  const [result, setResult] = useState<RiskResult | null>(() => compute(DEFAULT_FORM));
  const [calculatedFor, setCalculatedFor] = useState<RiskForm>(DEFAULT_FORM);

  const apply = useCallback((next: RiskForm) => {
    setForm(next);
    if (compute(next) === null) setResult(null);
  }, []);

  const setField = useCallback(
    (key: keyof RiskForm, value: string) => {
      let next = { ...form, [key]: key === 'symbol' ? value.toUpperCase() : value };
      if (key === 'stopLossPercent') next = linkFromPercent(next);
      else if (key === 'stopLossPrice') next = linkFromPrice(next);
      else if (key === 'sharePrice') next = mode === 'percent' ? linkFromPercent(next) : linkFromPrice(next);
      apply(next);
    },
    [form, mode, apply],
  );

  const step = useCallback(
    (direction: 1 | -1) => {
      if (mode === 'percent') {
        apply(linkFromPercent({ ...form, stopLossPercent: String(stepStopPercent(toPercent(form.stopLossPercent), direction)) }));
      } else {
        const current = toNumber(form.stopLossPrice);
        const next = stepStopPrice(current, toNumber(form.sharePrice), direction);
        if (next !== current) apply(linkFromPrice({ ...form, stopLossPrice: priceText(next) }));
      }
    },
    [form, mode, apply],
  );

  const calculate = useCallback(() => {
    setResult(compute(form));
    setCalculatedFor(form);
  }, [form]);

  const stopAboveEntry = useMemo(() => {
    const price = toNumber(form.stopLossPrice);
    const share = toNumber(form.sharePrice);
    return mode === 'price' && Number.isFinite(price) && Number.isFinite(share) && price >= share;
  }, [form, mode]);

  const stale = result !== null && JSON.stringify(calculatedFor) !== JSON.stringify(form);

  return { form, mode, setMode, result, calculatedSymbol: calculatedFor.symbol, setField, step, calculate, stopAboveEntry, stale };
}
