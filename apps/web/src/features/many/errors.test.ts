import { describe, expect, it } from 'vitest';
import { UNIVERSE_MESSAGES } from '@app/contract';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { startError } from './errors.ts';

describe('a failed start as the form shows it', () => {
  it('puts the server’s words under the field it named (the typed list under the universe)', () => {
    const e = startError(new ApiError(400, { 'universe.symbols': [UNIVERSE_MESSAGES.unknownSymbols(['ZZZZ'])], end_date: [UNIVERSE_MESSAGES.endAfterStart] }));
    expect(e).toEqual({ message: undefined, fields: { universe: 'Unknown symbols: ZZZZ.', end_date: UNIVERSE_MESSAGES.endAfterStart } });
  });

  it('says a missing template or scan, the run limit and no answer in one line', () => {
    expect(startError(new ApiError(404, { detail: 'Not found.' })).message).toMatch(/not found/);
    const limit = 'You already have 2 runs going; at most 2 at once. Wait for one to finish or cancel it.';
    expect(startError(new ApiError(429, { detail: limit }))).toEqual({ message: limit, fields: {} });
    expect(startError(new NetworkError('down')).message).toMatch(/No response/);
    expect(startError(new ApiError(400, { detail: 'Something else.' }))).toEqual({ message: 'Something else.', fields: {} });
  });
});
