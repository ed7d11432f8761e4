import { Link } from 'react-router';
import { manyLink, MANY_LINK_TEXT, type ManyLink } from '../lib/manyLinks.ts';
import { buttonClass, type ButtonSize } from './Button.tsx';
import { cx } from './cx.ts';

/** "Run on many symbols" and "Backtest as portfolio": the many-symbol screens' form, opened with this
 *  template, period or saved scan. */
export function ManyRunLinks({ link, size = 'sm', className }: { link: ManyLink; size?: ButtonSize; className?: string }) {
  return (
    <div className={cx('flex flex-wrap gap-2', className)}>
      <Link to={manyLink('universe', link)} className={buttonClass('secondary', size)}>
        {MANY_LINK_TEXT.universe}
      </Link>
      <Link to={manyLink('portfolio', link)} className={buttonClass('secondary', size)}>
        {MANY_LINK_TEXT.portfolio}
      </Link>
    </div>
  );
}
