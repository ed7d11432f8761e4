// Human labels of the filter choices (the values themselves come from the contract).
import type { FaDirection, FaMetric, FaPeriodType, FaOperator, OhlcComparison, OhlcField, PerformanceOperator, RangeOperator } from '@app/contract';

export const RANGE_OPERATOR_LABELS: Record<RangeOperator, string> = { gte: '≥ at least', lte: '≤ at most', between: 'between' };
export const PERFORMANCE_OPERATOR_LABELS: Record<PerformanceOperator, string> = { gte: '≥ at least', lte: '≤ at most' };
export const FA_OPERATOR_LABELS: Record<FaOperator, string> = { gte: '≥', lte: '≤', gt: '>', lt: '<' };
export const OHLC_FIELD_LABELS: Record<OhlcField, string> = { close: 'Close', open: 'Open', high: 'High', low: 'Low' };
export const OHLC_COMPARISON_LABELS: Record<OhlcComparison, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '==': '=', '!=': '≠' };
export const offsetLabel = (offset: number) => (offset === 0 ? 'same day' : `${-offset} day${offset === -1 ? '' : 's'} earlier`);

export const FA_PERIOD_TYPE_LABELS: Record<FaPeriodType, string> = { QUARTERLY: 'Quarterly', ANNUAL: 'Annual' };
export const FA_DIRECTION_LABELS: Record<FaDirection, string> = { increasing: 'Increasing', decreasing: 'Decreasing' };

export const FA_METRIC_LABELS: Record<FaMetric, string> = {
  revenue: 'Revenue',
  netincome: 'Net income',
  epsbasic: 'EPS (basic)',
  epsdiluted: 'EPS (diluted)',
  operatingcashflow: 'Operating cash flow',
  fcf: 'Free cash flow',
  grossprofit: 'Gross profit',
  operatingincome: 'Operating income',
  ebitda: 'EBITDA',
  ebit: 'EBIT',
  totalassets: 'Total assets',
  currentliabilities: 'Current liabilities',
  totalliabilities: 'Total liabilities',
  totalequity: 'Total equity',
  totalcash: 'Total cash',
  netcash: 'Net cash',
  workingcapital: 'Working capital',
  investingcashflow: 'Investing cash flow',
  financingcashflow: 'Financing cash flow',
  netcashflow: 'Net cash flow',
  operatingmargin: 'Operating margin',
  netprofitmargin: 'Net profit margin',
  roe: 'Return on equity',
  roa: 'Return on assets',
  roic: 'Return on invested capital',
  debttoequity: 'Debt to equity',
  currentratio: 'Current ratio',
  quickratio: 'Quick ratio',
};

export const options = <T extends string>(labels: Record<T, string>) => (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
export const plainOptions = (values: readonly (string | number)[]) => values.map((v) => ({ value: v, label: String(v) }));
