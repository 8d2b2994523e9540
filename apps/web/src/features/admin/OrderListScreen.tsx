import { PlaceholderScreen } from '../../components/PlaceholderScreen.tsx';

export function OrderListScreen() {
  return <PlaceholderScreen title="Orders" />;
}
