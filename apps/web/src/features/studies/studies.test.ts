import { describe, expect, it } from 'vitest';
import type { BacktestTrade } from '@app/contract';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { backtestError } from './errors.ts';
import { toCsv } from '../../lib/csv.ts';
import { csvName, statsCsv, tradesCsv } from './csv.ts';
import { formatDuration, formatStat } from './format.ts';
import { STUDIES_ERRORS } from './texts.ts';

describe('backtest errors (spec §8)', () => {
  it('reads a failure mentioning NaN as "no trades made"', () => {
    expect(backtestError(new ApiError(500, { detail: 'Out of range float values are not JSON compliant: NaN' })).message).toBe(STUDIES_ERRORS.noTrades);
    expect(backtestError(new ApiError(500, 'ValueError: cannot convert float NaN to integer')).message).toBe(STUDIES_ERRORS.noTrades);
    expect(backtestError(new Error('NaN in stats')).message).toBe(STUDIES_ERRORS.noTrades);
  });
  it('says not found when the template or the period is not the user’s (a shared address)', () => {
    expect(backtestError(new ApiError(404, { detail: 'Not found.' }))).toEqual({ message: STUDIES_ERRORS.notFound });
  });
  it('gives the generic failure otherwise, with the server reason for a 400', () => {
    expect(backtestError(new ApiError(500, null))).toEqual({ message: STUDIES_ERRORS.failed });
    expect(backtestError(new ApiError(400, { detail: 'No price data for AAPL between 2020-01-01 and 2020-01-02.' }))).toEqual({
      message: STUDIES_ERRORS.failed,
      detail: 'No price data for AAPL between 2020-01-01 and 2020-01-02.',
    });
    expect(backtestError(new NetworkError('fetch failed')).message).toBe(STUDIES_ERRORS.failed);
  });
});

describe('stats display', () => {
  it('shows numbers with 2 decimals and dates, durations and nulls as such', () => {
    expect(formatStat(3.14159)).toBe('3.14');
    expect(formatStat(-0.005)).toBe('-0.01');
    expect(formatStat(7)).toBe('7.00');
    expect(formatStat('2024-01-02')).toBe('2024-01-02');
    expect(formatStat('12 days')).toBe('12 days');
    expect(formatStat(null)).toBe('—');
  });
  it('shows counts as whole numbers and one day in the singular', () => {
    expect(formatStat(7, '# Trades')).toBe('7');
    expect(formatStat(7, 'Return [%]')).toBe('7.00');
    expect(formatStat('1 days', 'Max. Trade Duration')).toBe('1 day');
    expect(formatStat('11 days', 'Max. Trade Duration')).toBe('11 days');
    expect(formatDuration('1 days')).toBe('1 day');
    expect(formatDuration('0 days')).toBe('0 days');
  });
});

describe('CSV downloads', () => {
  const trade: BacktestTrade = {
    Size: 10, EntryBar: 3, ExitBar: 9, EntryPrice: 101.123456, ExitPrice: 99.5, PnL: -16.23456, ReturnPct: -0.0160545,
    EntryTime: '2024-01-05', ExitTime: '2024-01-15', Duration: '10 days', ExitReason: 'signal',
  };
  it('writes the trades with full precision, one line per trade', () => {
    expect(tradesCsv([trade])).toBe(
      'Size,EntryBar,ExitBar,EntryPrice,ExitPrice,PnL,ReturnPct,EntryTime,ExitTime,Duration,ExitReason\r\n10,3,9,101.123456,99.5,-16.23456,-0.0160545,2024-01-05,2024-01-15,10 days,signal\r\n',
    );
    expect(tradesCsv([])).toBe('Size,EntryBar,ExitBar,EntryPrice,ExitPrice,PnL,ReturnPct,EntryTime,ExitTime,Duration,ExitReason\r\n');
    expect(tradesCsv([{ ...trade, ExitReason: 'stop' }]).trim().split('\r\n')[1].split(',').at(-1)).toBe('stop');
  });
  it('leads with each trade\'s side when the run has short trades (negative sizes)', () => {
    const short = { ...trade, Size: -10, PnL: 16.23456 };
    expect(tradesCsv([short, trade]).split('\r\n').slice(0, 3)).toEqual([
      'Side,Size,EntryBar,ExitBar,EntryPrice,ExitPrice,PnL,ReturnPct,EntryTime,ExitTime,Duration,ExitReason',
      'Short,-10,3,9,101.123456,99.5,16.23456,-0.0160545,2024-01-05,2024-01-15,10 days,signal',
      'Long,10,3,9,101.123456,99.5,-16.23456,-0.0160545,2024-01-05,2024-01-15,10 days,signal',
    ]);
  });
  it('writes the stats as key/value rows, nulls empty, keys with commas quoted', () => {
    expect(statsCsv({ 'Return [%]': 3.5, 'Sharpe Ratio': null, 'Best, Trade': 1 })).toBe('Stat,Value\r\nReturn [%],3.5\r\nSharpe Ratio,\r\n"Best, Trade",1\r\n');
  });
  it('quotes and defuses text a spreadsheet would misread', () => {
    expect(toCsv(['a'], [['say "hi"'], ['=SUM(A1)'], ['-1'], [-1]])).toBe('a\r\n"say ""hi"""\r\n\'=SUM(A1)\r\n\'-1\r\n-1\r\n');
  });
  it('names files safely', () => {
    expect(csvName('BRK.B', 'My RSI / 30', 'trades')).toBe('backtest-brk-b-my-rsi-30-trades.csv');
    expect(csvName('AAPL', '***', 'stats')).toBe('backtest-aapl-template-stats.csv');
  });
});
