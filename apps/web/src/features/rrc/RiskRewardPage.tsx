import { Placeholder } from '../../components/Placeholder.tsx';

export default function RiskRewardPage() {
  return <Placeholder title="Risk-Reward Calculator" />;
}
