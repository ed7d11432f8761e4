import { Placeholder } from '../../components/Placeholder.tsx';

export default function MultiPaneChartPage() {
  return <Placeholder title="Multi-pane chart" />;
}
