import { Placeholder } from '../../components/Placeholder.tsx';

export default function OAuthCallbackPage() {
  return <Placeholder title="Signing in" />;
}
