import { Placeholder } from '../../components/Placeholder.tsx';

export default function ScannerPage() {
  return <Placeholder title="Stock Scanner" />;
}
