import { describe, expect, it } from 'vitest';
import {
  exitsFromForm,
  exitsInWords,
  exitsToForm,
  RISK_NEEDS_STOP_MESSAGE,
  settingsInWords,
  templateExitsErrors,
  TemplateWrite,
  type TemplateExitsForm,
} from '../index.ts';

const blank: TemplateExitsForm = { stop_loss_pct: '', take_profit_pct: '', trailing_stop_pct: '', spread: '', commission_fixed: '', risk_pct: '' };

describe('a template’s exits in words', () => {
  it('reads "stop 5 %, target 15 %, trailing 8 %, risk 1 % of equity", then the costs', () => {
    expect(exitsInWords({ stop_loss_pct: 0.05, take_profit_pct: 0.15, trailing_stop_pct: 0.08, risk_pct: 0.01 })).toBe('stop 5 %, target 15 %, trailing 8 %, risk 1 % of equity');
    expect(exitsInWords({ spread: 0.0005, commission_fixed: 1.5, stop_loss_pct: 0.07 })).toBe('stop 7 %, spread 0.05 %, fee $1.50 per order');
    expect(exitsInWords({ stop_loss_pct: null, risk_pct: null })).toBe('');
  });
  it('follows the trading settings, or leaves them alone when there are none', () => {
    expect(settingsInWords({ position_size: 0.99, commission: 0.001, cash: 25_000 })).toBe('99% of equity per trade · 0.1% commission · $25,000 starting cash');
    expect(settingsInWords({ position_size: 100, commission: 0, cash: 10_000, stop_loss_pct: 0.05 })).toBe('100 shares per trade · 0% commission · $10,000 starting cash · stop 5 %');
  });
});

describe('the "Exits & costs" form section', () => {
  it('shows stored fractions in % and the fee in $, blank where not used, and sends them back unchanged', () => {
    const stored = { stop_loss_pct: 0.05, take_profit_pct: 0.15, trailing_stop_pct: null, spread: 0.0005, commission_fixed: 1, risk_pct: 0.0036 };
    const form = exitsToForm(stored);
    expect(form).toEqual({ stop_loss_pct: '5', take_profit_pct: '15', trailing_stop_pct: '', spread: '0.05', commission_fixed: '1', risk_pct: '0.36' });
    expect(exitsFromForm(form)).toEqual(stored);
    expect(exitsFromForm(blank)).toEqual({ stop_loss_pct: null, take_profit_pct: null, trailing_stop_pct: null, spread: null, commission_fixed: null, risk_pct: null });
  });
  it('says what the API says for the same values (the form in %, the API in fractions)', () => {
    const cases: Array<[Partial<TemplateExitsForm>, Record<string, string>]> = [
      [{}, {}],
      [{ stop_loss_pct: '100' }, { stop_loss_pct: 'Stop-loss must be more than 0% and less than 100%' }],
      [{ take_profit_pct: '1000.5' }, { take_profit_pct: 'Take-profit must be more than 0% and at most 1000%' }],
      [{ spread: '10' }, { spread: 'Spread must be 0% or more and less than 10%' }],
      [{ commission_fixed: '1001' }, { commission_fixed: 'Fee per order must be $0 or more and at most $1,000' }],
      [{ trailing_stop_pct: 'eight' }, { trailing_stop_pct: 'A valid number is required.' }],
      [{ risk_pct: '1' }, { risk_pct: RISK_NEEDS_STOP_MESSAGE }],
      [{ risk_pct: '1', stop_loss_pct: '5' }, {}],
      [{ risk_pct: '101', stop_loss_pct: '5' }, { risk_pct: 'Risk per trade must be more than 0% and at most 100%' }],
      [{ stop_loss_pct: '5%', commission_fixed: '$1.50' }, {}], // the shared number parser: % in a % box, $ in a $ box
      [{ take_profit_pct: '1k' }, { take_profit_pct: 'A valid number is required.' }],
    ];
    for (const [typed, messages] of cases) {
      const form = { ...blank, ...typed };
      expect(templateExitsErrors(form), JSON.stringify(typed)).toEqual(messages);
      // the API's answer for the same values, sent as the form sends them
      const api = TemplateWrite.safeParse({ name: 'x', ...exitsFromFormLenient(form) });
      const apiMessages = api.success ? {} : Object.fromEntries(api.error.issues.map((i) => [i.path[0], i.message]));
      if (!('risk_pct' in messages && messages.risk_pct === RISK_NEEDS_STOP_MESSAGE)) expect(apiMessages, JSON.stringify(typed)).toEqual(messages);
    }
  });
});

/** What the form would send if it let a bad value through: numbers converted, junk as typed. */
function exitsFromFormLenient(form: TemplateExitsForm) {
  const sent = exitsFromForm(form) as Record<string, unknown>;
  for (const [k, v] of Object.entries(form)) if (v && sent[k] === null) sent[k] = v;
  return sent;
}
