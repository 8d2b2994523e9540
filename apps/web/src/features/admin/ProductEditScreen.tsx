import { PlaceholderScreen } from '../../components/PlaceholderScreen.tsx';

export function ProductEditScreen() {
  return <PlaceholderScreen title="Edit Product" />;
}
