import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { useGetProfileQuery } from './users-api.ts';

interface ProfileScreenProps {
  /** The shopper's orders; the orders feature provides them through the router. */
  myOrders?: ReactNode;
}

/** The signed-in user's profile form beside their orders (wrapped in RequireAuth by the router). */
export function ProfileScreen({ myOrders }: ProfileScreenProps) {
  const { data: user, isLoading, error } = useGetProfileQuery();

  return (
    <Row className="g-4">
      <Col as="section" md={4} lg={3} aria-labelledby="profile-heading">
        <h2 id="profile-heading">User Profile</h2>
        {isLoading ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          user && <ProfileForm key={user._id} user={user} />
        )}
      </Col>
      <Col as="section" md={8} lg={9} aria-labelledby="my-orders-heading">
        <h2 id="my-orders-heading">My Orders</h2>
        {myOrders}
      </Col>
    </Row>
  );
}
