import { Placeholder } from '../../components/Placeholder.tsx';

export default function ProfilePage() {
  return <Placeholder title="Profile" />;
}
