import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BB_BAND_LABELS, defaultFilterRow, INDICATOR_RANGE_FILTERS, INDICATOR_RANGE_TYPES } from '@app/contract';
import { FilterRowEditor } from './FilterRowEditor.tsx';

// The oscillator and Bollinger filters render with the inputs their row needs: a range (no period:
// they use the strategy language's defaults, named in the label) or the band choice.

const render = (type: Parameters<typeof defaultFilterRow>[0]) =>
  renderToStaticMarkup(<FilterRowEditor row={defaultFilterRow(type)} onChange={() => {}} onChangeType={() => {}} onRemove={() => {}} />);

describe('indicator filter rows', () => {
  it.each(INDICATOR_RANGE_TYPES)('%s shows its label, an operator and a value, without a period', (type) => {
    const html = render(type);
    expect(html).toContain(`aria-label="${INDICATOR_RANGE_FILTERS[type].label.replace('&', '&amp;')} filter"`);
    expect(html).toContain('Operator');
    expect(html).toContain('Value');
    expect(html).not.toContain('Period');
  });
  it('bb_band offers above the upper and below the lower band', () => {
    const html = render('bb_band');
    expect(html).toContain('Position');
    for (const label of Object.values(BB_BAND_LABELS)) expect(html).toContain(label);
  });
});
