import { Placeholder } from '../../components/Placeholder.tsx';

export default function PeriodsPage() {
  return <Placeholder title="Stock Periods" />;
}
