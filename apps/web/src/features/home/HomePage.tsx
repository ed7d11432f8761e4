import { Placeholder } from '../../components/Placeholder.tsx';

export default function HomePage() {
  return <Placeholder title="Backtesting & Scanning for US Stocks" />;
}
