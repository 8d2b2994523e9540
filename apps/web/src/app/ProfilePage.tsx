import { RequireAuth } from '../components/RequireAuth.tsx';
import { MyOrders } from '../features/orders/MyOrders.tsx';
import { ProfileScreen } from '../features/users/ProfileScreen.tsx';

/**
 * /profile: the users feature's profile form beside the orders feature's My Orders. Composed
 * here because a feature never imports another.
 */
export function ProfilePage() {
  return (
    <RequireAuth>
      <ProfileScreen myOrders={<MyOrders />} />
    </RequireAuth>
  );
}
