import { Placeholder } from '../../components/Placeholder.tsx';

export default function LoginPage() {
  return <Placeholder title="Login" />;
}
