import { Placeholder } from '../../components/Placeholder.tsx';

export default function AdvancedChartPage() {
  return <Placeholder title="Chart" />;
}
