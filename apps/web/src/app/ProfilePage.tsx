import { RequireAuth } from '../components/RequireAuth.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { AddressBook } from '../features/addresses/AddressBook.tsx';
import { MyOrders } from '../features/orders/MyOrders.tsx';
import { ProfileScreen } from '../features/users/ProfileScreen.tsx';

/**
 * /profile: the users feature's profile form beside the orders feature's My Orders. Composed
 * here because a feature never imports another.
 */
export function ProfilePage() {
  useDocumentTitle('User Profile');
  return (
    <RequireAuth>
      <ProfileScreen myOrders={<MyOrders />} addressBook={<AddressBook />} />
    </RequireAuth>
  );
}
