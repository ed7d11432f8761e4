import { describe, expect, it } from 'vitest';
import { AlertWrite, type Alert } from '@app/contract';
import { emptyForm, fieldErrors, formOf, suggestName, toWrite } from './form.ts';

const names = {
  scans: new Map([['7', 'Breakouts']]),
  templates: new Map([['3', 'Golden cross']]),
  watchlists: new Map([['5', 'Tech']]),
};

describe('toWrite', () => {
  it('sends a scan alert with its saved query, and the contract accepts it', () => {
    const body = toWrite(emptyForm({ scanId: '7', email: true, cooldown: '60' }), 'Breakouts');
    expect(body).toEqual({ kind: 'scan', name: 'Breakouts', enabled: true, email: true, webhook_url: null, cooldown_minutes: 60, scanner_template_id: '7' });
    expect(AlertWrite.safeParse(body).success).toBe(true);
  });
  it('sends a template alert on a watchlist or on a symbol, never both', () => {
    const f = emptyForm({ kind: 'template', name: 'x', templateId: '3', side: 'SELL', watchlistId: '5' });
    expect(toWrite(f)).toMatchObject({ kind: 'template', template_id: '3', side: 'SELL', watchlist_id: '5', symbol: null });
    expect(toWrite({ ...f, target: 'symbol', symbol: ' aapl ' })).toMatchObject({ symbol: 'AAPL', watchlist_id: null });
    expect(AlertWrite.safeParse(toWrite({ ...f, target: 'symbol', symbol: 'aapl' })).success).toBe(true);
  });
  it('reads the level and the cooldown as traders type them (the shared parser)', () => {
    const body = toWrite(emptyForm({ kind: 'price', name: 'p', symbol: 'NVDA', level: ' $1,250.5 ', cooldown: '1e2' }));
    expect(body).toMatchObject({ level: 1250.5, cooldown_minutes: 100 });
  });

  it('sends a price alert with a number level; a blank webhook is none', () => {
    const body = toWrite(emptyForm({ kind: 'price', name: 'p', symbol: 'msft', direction: 'below', level: '312.5', webhookUrl: '  ' }));
    expect(body).toEqual({ kind: 'price', name: 'p', enabled: true, email: false, webhook_url: null, cooldown_minutes: 0, symbol: 'MSFT', direction: 'below', level: 312.5 });
    expect(AlertWrite.safeParse(body).success).toBe(true);
  });
  it('leaves a non-number as typed so the contract names the field', () => {
    const r = AlertWrite.safeParse(toWrite(emptyForm({ kind: 'price', name: 'p', symbol: 'MSFT', level: 'abc' })));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['level']);
  });
});

describe('formOf', () => {
  it('reads an alert back into the form (template on a symbol)', () => {
    const a = { kind: 'template', name: 'n', enabled: false, email: true, webhook_url: 'https://h.example/x', cooldown_minutes: 30, scanner_template_id: null, template_id: 3, side: 'SELL', watchlist_id: null, symbol: 'AAPL', direction: null, level: null } as unknown as Alert;
    expect(formOf(a)).toMatchObject({ kind: 'template', enabled: false, email: true, webhookUrl: 'https://h.example/x', cooldown: '30', templateId: '3', side: 'SELL', target: 'symbol', symbol: 'AAPL' });
  });
});

describe('suggestName', () => {
  it('names the alert after what it watches', () => {
    expect(suggestName(emptyForm({ scanId: '7' }), names)).toBe('Breakouts');
    expect(suggestName(emptyForm({ kind: 'template', templateId: '3', watchlistId: '5' }), names)).toBe('Golden cross BUY on Tech');
    expect(suggestName(emptyForm({ kind: 'price', symbol: 'aapl', direction: 'below', level: '150' }), names)).toBe('AAPL below 150');
    expect(suggestName(emptyForm({ kind: 'price', symbol: 'aapl' }), names)).toBe('');
  });
});

describe('fieldErrors', () => {
  it('takes the first message of each field', () => {
    expect(fieldErrors({ name: ['This field may not be blank.', 'x'], detail: 'Nope' })).toEqual({ name: 'This field may not be blank.', detail: 'Nope' });
    expect(fieldErrors(null)).toEqual({});
  });
});
