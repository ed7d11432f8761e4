import { Placeholder } from '../../components/Placeholder.tsx';

export default function ResetConfirmPage() {
  return <Placeholder title="Reset password" />;
}
