import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { MyOrderCard } from './MyOrderCard.tsx';
import { useGetMyOrdersQuery } from './orders-api.ts';

/** The signed-in shopper's orders, newest first, as cards (shown on /profile). */
export function MyOrders() {
  const { data: orders, isLoading, error } = useGetMyOrdersQuery();
  if (isLoading) return <Loader />;
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  if (!orders || orders.length === 0) return <Message>Your order is empty</Message>;
  return (
    <section aria-label="My Orders">
      {orders.map((order) => (
        <MyOrderCard key={order._id} order={order} />
      ))}
    </section>
  );
}
