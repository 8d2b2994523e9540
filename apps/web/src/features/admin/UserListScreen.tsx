import { PlaceholderScreen } from '../../components/PlaceholderScreen.tsx';

export function UserListScreen() {
  return <PlaceholderScreen title="Users" />;
}
