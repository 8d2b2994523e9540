import { PlaceholderScreen } from '../../components/PlaceholderScreen.tsx';

export function ProductListScreen() {
  return <PlaceholderScreen title="Products" />;
}
