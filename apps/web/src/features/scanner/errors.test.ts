import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, NOT_AUTHENTICATED } from '../../lib/api.ts';
import { deleteErrorMessage, saveErrorMessage, scanErrorMessage } from './errors.ts';
import { readScanPage, UnexpectedFormatError } from './scanPage.ts';
import { SCANNER_MESSAGES } from './texts.ts';

describe('scanner error messages (spec §8)', () => {
  it('leaves authentication failures to the session-expired dialog', () => {
    expect(scanErrorMessage(new ApiError(401, { detail: 'x' }), SCANNER_MESSAGES.scanFailed)).toBeNull();
    expect(scanErrorMessage(new ApiError(403, { detail: NOT_AUTHENTICATED }), SCANNER_MESSAGES.scanFailed)).toBeNull();
    expect(saveErrorMessage(new ApiError(401, null))).toBeNull();
    expect(deleteErrorMessage(new ApiError(401, null))).toBeNull();
  });

  it('shows the server detail, else the fallback of the action', () => {
    expect(scanErrorMessage(new ApiError(400, { detail: 'Too many filters' }), SCANNER_MESSAGES.scanFailed)).toBe('Too many filters');
    expect(scanErrorMessage(new ApiError(500, 'oops'), SCANNER_MESSAGES.scanFailed)).toBe(SCANNER_MESSAGES.scanFailed);
    expect(scanErrorMessage(new NetworkError('down'), SCANNER_MESSAGES.loadMoreFailed)).toBe(SCANNER_MESSAGES.loadMoreFailed);
  });

  it('maps save failures: duplicate name, first field error, anything else', () => {
    expect(saveErrorMessage(new ApiError(400, { detail: SCANNER_MESSAGES.nameUsed }))).toBe('Name used. Please create unique name');
    expect(saveErrorMessage(new ApiError(400, { name: ['Template name cannot be empty', 'x'] }))).toBe('Validation Error: name: Template name cannot be empty');
    expect(saveErrorMessage(new ApiError(500, null))).toBe('Failed to save template. Please try again.');
    expect(saveErrorMessage(new NetworkError('down'))).toBe('Failed to save template. Please try again.');
    expect(deleteErrorMessage(new ApiError(404, { detail: 'Not found.' }))).toBe('Failed to delete template. Please try again.');
  });
});

describe('reading the scan answer', () => {
  const row = { symbol: 'A', name: 'A', price: 1, diff: null, chg: null, sector: null, market: 'NYSE', market_cap: null, volume: null, vol_avg: null, sma: null, ema: null, rsi: null, quickratio: null, roe: null };
  it('accepts a page or a plain array', () => {
    expect(readScanPage({ count: 7, next: '/n', previous: null, results: [row] })).toEqual({ count: 7, next: '/n', previous: null, results: [row] });
    expect(readScanPage([row])).toEqual({ count: 1, next: null, previous: null, results: [row] });
  });
  it('rejects anything else', () => {
    for (const body of [null, 'html', { results: 'x' }, { count: 1, next: null, previous: null, results: [{ symbol: 1 }] }]) expect(() => readScanPage(body)).toThrow(UnexpectedFormatError);
  });
});
