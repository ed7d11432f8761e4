import { Link } from 'react-router';
import { Card, CardBody, Page } from '../../components/index.ts';
import { HELP_TEXT as T } from '../../lib/luckText.ts';

/** /help/overfitting: what the Deflated Sharpe, the PBO, the badge and the trade Monte Carlo mean. */
export default function OverfittingHelpPage() {
  return (
    <Page title={T.title}>
      <Card>
        <CardBody className="space-y-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
          {T.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            <Link to="/optimize" className="font-medium text-blue-700 underline dark:text-blue-300">Optimize</Link>
            {' · '}
            <Link to="/studies" className="font-medium text-blue-700 underline dark:text-blue-300">Backtest</Link>
          </p>
        </CardBody>
      </Card>
    </Page>
  );
}
