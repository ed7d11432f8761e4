// Point-in-time fundamentals: at a decision day a score reads only what was filed on or before it.

/** One filing of a symbol's fundamentals, as the market data stores a period (FundamentalPeriod) with
 *  its days as numbers: `values` uses the scanner's field names (`epsdiluted`, `revenue`, …). */
export interface RotationFiling {
  /** the day the numbers became public (days since 1970-01-01): the first decision day that may read them */
  filed: number;
  period_type: 'QUARTERLY' | 'ANNUAL';
  /** the end of the period it reports (days since 1970-01-01); an amendment of the same period
   *  replaces the earlier filing when given */
  period_end?: number | null;
  /** the shares outstanding it reported (the market cap's count) */
  shares_outstanding?: number | null;
  values: Readonly<Record<string, number | null | undefined>>;
}

export const EPS_FIELD = 'epsdiluted';

/** A symbol's filings in filing order, with a cursor that only moves forward (decision days ascend). */
export class FilingTimeline {
  private readonly filings: RotationFiling[];
  /** filings[0 … seen) were filed on or before the last day asked about */
  private seen = 0;

  constructor(filings: readonly RotationFiling[]) {
    this.filings = [...filings].sort((a, b) => a.filed - b.filed);
  }

  private advance(day: number) {
    while (this.seen < this.filings.length && this.filings[this.seen].filed <= day) this.seen++;
  }

  /** The latest value of `field` filed on or before `day` (of one period type when given), NaN when none. */
  latest(day: number, field: string, periodType: RotationFiling['period_type'] | null = null): number {
    this.advance(day);
    for (let i = this.seen - 1; i >= 0; i--) {
      const f = this.filings[i];
      if (periodType && f.period_type !== periodType) continue;
      const v = f.values[field];
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
    return NaN;
  }

  /** The shares outstanding of the latest filing filed on or before `day` that reports them; NaN when none. */
  shares(day: number): number {
    this.advance(day);
    for (let i = this.seen - 1; i >= 0; i--) {
      const v = this.filings[i].shares_outstanding;
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
    return NaN;
  }

  /** The sum of the latest four quarters' diluted EPS filed on or before `day`; NaN with fewer than four. */
  trailingEps(day: number): number {
    this.advance(day);
    let sum = 0;
    let quarters = 0;
    const periods: number[] = [];
    for (let i = this.seen - 1; i >= 0 && quarters < 4; i--) {
      const f = this.filings[i];
      if (f.period_type !== 'QUARTERLY') continue;
      const v = f.values[EPS_FIELD];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      if (f.period_end != null) {
        // a later filing of the same quarter (an amendment) was already counted
        if (periods.includes(f.period_end)) continue;
        periods.push(f.period_end);
      }
      sum += v;
      quarters++;
    }
    return quarters === 4 ? sum : NaN;
  }
}
