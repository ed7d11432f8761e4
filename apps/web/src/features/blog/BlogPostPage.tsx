import { Placeholder } from '../../components/Placeholder.tsx';

export default function BlogPostPage() {
  return <Placeholder title="Blog" />;
}
