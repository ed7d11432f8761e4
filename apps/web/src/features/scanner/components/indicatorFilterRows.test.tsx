import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BB_BAND_LABELS, defaultFilterRow, INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES, indicatorRangeParams } from '@app/contract';
import { FilterRowEditor } from './FilterRowEditor.tsx';

// The oscillator and Bollinger filters render with the inputs their row needs: a range, the
// parameters a chart lets one set for ADX, %B and the Stochastic (the others use the strategy
// language's defaults, named in the label), or the band choice.

const render = (type: Parameters<typeof defaultFilterRow>[0]) =>
  renderToStaticMarkup(<FilterRowEditor row={defaultFilterRow(type)} onChange={() => {}} onChangeType={() => {}} onRemove={() => {}} />);

describe('indicator filter rows', () => {
  const fixed = INDICATOR_RANGE_TYPES.filter((t) => indicatorRangeParams(t).length === 0);
  const settable = INDICATOR_RANGE_TYPES.filter((t) => indicatorRangeParams(t).length > 0);
  it.each(fixed)('%s shows its label, an operator and a value, without a period', (type) => {
    const html = render(type);
    expect(html).toContain(`aria-label="${INDICATOR_RANGE_FILTERS[type].label.replace('&', '&amp;')} filter"`);
    expect(html).toContain('Operator');
    expect(html).toContain('Value');
    expect(html).not.toContain('Period');
  });
  it('ADX, %B and the Stochastic are the ones whose parameters are set', () => expect(settable).toEqual(['bb_pctb', 'stoch', 'adx']));
  it.each(settable)('%s shows its label, an operator, a value and its parameters at their defaults', (type) => {
    const html = render(type);
    expect(html).toContain(`aria-label="${INDICATOR_RANGE_FILTERS[type].label.replace('&', '&amp;')} filter"`);
    expect(html).toContain('Operator');
    expect(html).toContain('Value');
    for (const p of indicatorRangeParams(type)) {
      expect(html).toContain(`>${p.label.replace('&', '&amp;')}</label>`);
      expect(html).toContain(`value="${p.default}"`);
    }
  });
  it('bb_band offers above the upper and below the lower band', () => {
    const html = render('bb_band');
    expect(html).toContain('Position');
    for (const label of Object.values(BB_BAND_LABELS)) expect(html).toContain(label);
  });
});
