import { Placeholder } from '../../components/Placeholder.tsx';

export default function SignupPage() {
  return <Placeholder title="Sign up" />;
}
