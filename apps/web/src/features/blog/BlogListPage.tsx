import { Placeholder } from '../../components/Placeholder.tsx';

export default function BlogListPage() {
  return <Placeholder title="Blog" />;
}
