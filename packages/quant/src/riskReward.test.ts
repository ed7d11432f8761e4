import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculateRiskReward,
  DEFAULT_RISK_INPUTS,
  R_LEVELS,
  stepStopPercent,
  stepStopPrice,
  stopPercentFromPrice,
  stopPriceFromPercent,
} from './riskReward.ts';

const defaults = {
  sharePrice: DEFAULT_RISK_INPUTS.sharePrice,
  portfolioSize: DEFAULT_RISK_INPUTS.portfolioSize,
  positionSizePercent: DEFAULT_RISK_INPUTS.positionSizePercent,
  stopLossPercent: DEFAULT_RISK_INPUTS.stopLossPercent,
};

describe('calculateRiskReward with the spec defaults (AAPL, 150, 100000, 1%, 4%)', () => {
  const r = calculateRiskReward(defaults)!;

  it('sizes a $1,000 position of 6 whole shares', () => {
    expect(r.amtPosition).toBe(1000);
    expect(r.sharesToBuy).toBe(6); // floor(1000 / 150) = 6, not 6.67
  });

  it('puts the stop at 144.00 and the 3R target at 168.00', () => {
    expect(r.riskPerShare).toBeCloseTo(6, 10);
    expect(r.stopPrice).toBeCloseTo(144, 10);
    expect(r.target3r).toBeCloseTo(168, 10);
  });

  it('risks $36 in total, 0.036% of equity', () => {
    expect(r.stopAmount).toBeCloseTo(36, 10);
    expect(r.riskEquity).toBeCloseTo(0.036, 10);
  });

  it('lists ten R levels: n × $36, 150 + 6n, n × 4%', () => {
    expect(r.rMultiples).toHaveLength(R_LEVELS);
    expect(r.priceTargets).toHaveLength(R_LEVELS);
    expect(r.gainPercents).toHaveLength(R_LEVELS);
    expect(r.rMultiples[0]).toBeCloseTo(36, 10);
    expect(r.rMultiples[4]).toBeCloseTo(180, 10);
    expect(r.rMultiples[9]).toBeCloseTo(360, 10);
    expect(r.priceTargets[0]).toBeCloseTo(156, 10);
    expect(r.priceTargets[9]).toBeCloseTo(210, 10);
    expect(r.gainPercents).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40]);
    expect(r.target3r).toBe(r.priceTargets[2]);
  });
});

describe('calculateRiskReward on other inputs', () => {
  it('sizes a larger account: $250,000, 10% at $37.45 with a 2.5% stop', () => {
    const r = calculateRiskReward({ sharePrice: 37.45, portfolioSize: 250_000, positionSizePercent: 10, stopLossPercent: 2.5 })!;
    expect(r.amtPosition).toBe(25_000);
    expect(r.sharesToBuy).toBe(667); // 25000 / 37.45 = 667.56
    expect(r.riskPerShare).toBeCloseTo(0.93625, 10);
    expect(r.stopPrice).toBeCloseTo(36.51375, 10);
    expect(r.stopAmount).toBeCloseTo(667 * 0.93625, 8);
    expect(r.riskEquity).toBeCloseTo((667 * 0.93625 * 100) / 250_000, 10);
    expect(r.target3r).toBeCloseTo(37.45 + 3 * 0.93625, 10);
  });

  it('buys zero shares when the position is smaller than one share', () => {
    const r = calculateRiskReward({ ...defaults, sharePrice: 2000 })!;
    expect(r.sharesToBuy).toBe(0);
    expect(r.stopAmount).toBe(0);
    expect(r.riskEquity).toBe(0);
    expect(r.priceTargets[0]).toBeCloseTo(2080, 10); // price targets still follow the stop
  });

  it('a 0% position or 0% stop is computable: nothing at risk', () => {
    expect(calculateRiskReward({ ...defaults, positionSizePercent: 0 })).toMatchObject({ amtPosition: 0, sharesToBuy: 0, stopAmount: 0, riskEquity: 0 });
    const flat = calculateRiskReward({ ...defaults, stopLossPercent: 0 })!;
    expect(flat.stopPrice).toBe(150);
    expect(flat.stopAmount).toBe(0);
    expect(flat.priceTargets.every((p) => p === 150)).toBe(true);
  });

  it('clears the result when the share price is non-numeric, zero or negative', () => {
    for (const sharePrice of [NaN, 0, -150, Infinity]) expect(calculateRiskReward({ ...defaults, sharePrice })).toBeNull();
  });

  it('clears the result when portfolio, position or stop is non-numeric', () => {
    expect(calculateRiskReward({ ...defaults, portfolioSize: NaN })).toBeNull();
    expect(calculateRiskReward({ ...defaults, positionSizePercent: NaN })).toBeNull();
    expect(calculateRiskReward({ ...defaults, stopLossPercent: NaN })).toBeNull();
  });

  it('clears the result for a zero or negative portfolio, a negative position and a stop outside 0–100%', () => {
    expect(calculateRiskReward({ ...defaults, portfolioSize: 0 })).toBeNull();
    expect(calculateRiskReward({ ...defaults, portfolioSize: -100_000 })).toBeNull();
    expect(calculateRiskReward({ ...defaults, positionSizePercent: -1 })).toBeNull();
    expect(calculateRiskReward({ ...defaults, stopLossPercent: -4 })).toBeNull(); // a stop above the entry
    expect(calculateRiskReward({ ...defaults, stopLossPercent: 100.5 })).toBeNull(); // a stop below $0
    expect(calculateRiskReward({ ...defaults, stopLossPercent: 100 })!.stopPrice).toBe(0);
  });

  it('holds the R identities for any sensible input', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 10_000, noNaN: true }),
        fc.double({ min: 1, max: 1e8, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (sharePrice, portfolioSize, positionSizePercent, stopLossPercent) => {
          const r = calculateRiskReward({ sharePrice, portfolioSize, positionSizePercent, stopLossPercent })!;
          expect(Number.isInteger(r.sharesToBuy)).toBe(true);
          expect(r.sharesToBuy * sharePrice).toBeLessThanOrEqual(r.amtPosition + 1e-6);
          expect((r.sharesToBuy + 1) * sharePrice).toBeGreaterThan(r.amtPosition - 1e-6);
          expect(r.stopPrice).toBeLessThanOrEqual(sharePrice);
          for (let n = 1; n <= R_LEVELS; n++) {
            expect(r.rMultiples[n - 1]).toBeCloseTo(n * r.stopAmount, 6);
            expect(r.priceTargets[n - 1] - sharePrice).toBeCloseTo(n * (sharePrice - r.stopPrice), 6);
          }
        },
      ),
    );
  });
});

describe('stop percent and stop price stay linked', () => {
  it('4% of 150 is a stop at 144.00', () => {
    expect(stopPriceFromPercent(150, 4)).toBe(144);
    expect(stopPriceFromPercent(37.45, 2.5)).toBe(36.51);
  });

  it('a stop at 144 on 150 is 4%, and at 140 is 6.6667%', () => {
    expect(stopPercentFromPrice(150, 144)).toBe(4);
    expect(stopPercentFromPrice(150, 140)).toBe(6.6667);
    // and back to the same cent
    expect(stopPriceFromPercent(150, stopPercentFromPrice(150, 140)!)).toBe(140);
  });

  it('a stop price at or above the share price does not change the percent', () => {
    expect(stopPercentFromPrice(150, 150)).toBeNull();
    expect(stopPercentFromPrice(150, 160)).toBeNull();
  });

  it('a negative stop price, a non-numeric one or a bad share price does not change the other', () => {
    expect(stopPercentFromPrice(150, -1)).toBeNull();
    expect(stopPercentFromPrice(150, NaN)).toBeNull();
    expect(stopPercentFromPrice(0, 100)).toBeNull();
    expect(stopPriceFromPercent(NaN, 4)).toBeNull();
    expect(stopPriceFromPercent(-5, 4)).toBeNull();
    expect(stopPriceFromPercent(150, NaN)).toBeNull();
  });

  it('a stop price of 0 is a 100% stop', () => {
    expect(stopPercentFromPrice(150, 0)).toBe(100);
  });
});

describe('step buttons', () => {
  it('percent mode steps by 0.5 and stops at 0.1', () => {
    expect(stepStopPercent(4, 1)).toBe(4.5);
    expect(stepStopPercent(4, -1)).toBe(3.5);
    expect(stepStopPercent(4.1, -1)).toBe(3.6); // no 3.5999999
    expect(stepStopPercent(0.5, -1)).toBe(0.1);
    expect(stepStopPercent(0.3, -1)).toBe(0.1);
    expect(stepStopPercent(0.1, -1)).toBe(0.1);
    expect(stepStopPercent(NaN, 1)).toBe(0.5);
  });

  it('price mode steps by 0.5, stops at 0 and never reaches the share price', () => {
    expect(stepStopPrice(144, 150, 1)).toBe(144.5);
    expect(stepStopPrice(144, 150, -1)).toBe(143.5);
    expect(stepStopPrice(0.3, 150, -1)).toBe(0);
    expect(stepStopPrice(0, 150, -1)).toBe(0);
    expect(stepStopPrice(149.5, 150, 1)).toBe(149.5); // 150 is not below the share price
    expect(stepStopPrice(149.6, 150, 1)).toBe(149.6);
    expect(stepStopPrice(149.4, 150, 1)).toBe(149.9);
  });

  it('price mode does nothing without a usable share price', () => {
    expect(stepStopPrice(144, NaN, 1)).toBe(144);
  });
});
