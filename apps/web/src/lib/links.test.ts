import { describe, expect, it } from 'vitest';
import { newTemplateLink, readNewTemplateLink } from './newTemplateLink.ts';
import { firstRunReturnPath, readFirstRun, readStudiesLink, studiesLink } from './starters.ts';

const search = (path: string) => new URL(path, 'http://x').searchParams;

describe('links between screens', () => {
  it('a new template with settings filled in, in the units of the API', () => {
    const link = newTemplateLink({ stop_loss_pct: 0.04, risk_pct: 0.00036, take_profit_pct: null });
    expect(link).toBe('/templates?new=1&stop_loss_pct=0.04&risk_pct=0.00036');
    expect(readNewTemplateLink(search(link))).toEqual({ stop_loss_pct: 0.04, risk_pct: 0.00036 });
  });
  it('reads only known settings, only numbers, and only with new=1', () => {
    expect(readNewTemplateLink(search('/templates?new=1&stop_loss_pct=abc&risk_pct=0.01&name=x&cash=5000'))).toEqual({ risk_pct: 0.01, cash: 5000 });
    expect(readNewTemplateLink(search('/templates?stop_loss_pct=0.05'))).toBeNull();
  });
  it('the Backtest screen with a template and a period, run once', () => {
    const link = studiesLink({ templateId: 12, periodId: 3, run: true });
    expect(link).toBe('/studies?template_id=12&period_id=3&run=1');
    expect(readStudiesLink(search(link))).toEqual({ templateId: 12, periodId: 3, run: true });
    expect(readStudiesLink(search('/studies?template_id=12&period_id=3'))).toEqual({ templateId: 12, periodId: 3, run: false });
    for (const bad of ['', '?template_id=1', '?template_id=0&period_id=1', '?template_id=1e3&period_id=1', '?template_id=-1&period_id=2']) {
      expect(readStudiesLink(search(`/studies${bad}`)), bad).toBeNull();
    }
  });
  it('a first backtest asked for while signed out comes back from the login with the choice', () => {
    const back = firstRunReturnPath('/', { slug: 'rsi-reversion', symbol: 'AAPL' });
    expect(back).toBe('/?starter=rsi-reversion&symbol=AAPL&run=1');
    expect(readFirstRun(search(back))).toEqual({ slug: 'rsi-reversion', symbol: 'AAPL', run: true });
    expect(readFirstRun(search(firstRunReturnPath('/', { slug: 'x', symbol: '' })))).toEqual({ slug: 'x', symbol: '', run: true });
    expect(readFirstRun(search('/'))).toBeNull();
  });
});
