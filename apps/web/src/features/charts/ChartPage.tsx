import { Placeholder } from '../../components/Placeholder.tsx';

export default function ChartPage() {
  return <Placeholder title="Chart" />;
}
