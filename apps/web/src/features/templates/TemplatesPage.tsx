import { Placeholder } from '../../components/Placeholder.tsx';

export default function TemplatesPage() {
  return <Placeholder title="Templates" />;
}
