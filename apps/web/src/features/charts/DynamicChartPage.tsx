import { Placeholder } from '../../components/Placeholder.tsx';

export default function DynamicChartPage() {
  return <Placeholder title="Dynamic Chart" />;
}
