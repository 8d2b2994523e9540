import { PlaceholderScreen } from '../../components/PlaceholderScreen.tsx';

export function UserEditScreen() {
  return <PlaceholderScreen title="Edit User" />;
}
