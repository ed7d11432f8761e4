import { Placeholder } from '../../components/Placeholder.tsx';

export default function StudiesPage() {
  return <Placeholder title="Backtest" />;
}
