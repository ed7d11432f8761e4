import { Placeholder } from '../../components/Placeholder.tsx';

export default function ForgotPasswordPage() {
  return <Placeholder title="Forgot password" />;
}
