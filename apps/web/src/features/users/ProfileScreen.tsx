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
  /** The shopper's saved addresses; the addresses feature provides them through the router. */
  addressBook?: ReactNode;
}

/** The signed-in user's profile form beside their orders (wrapped in RequireAuth by the router). */
export function ProfileScreen({ myOrders, addressBook }: ProfileScreenProps) {
  const { data: user, isLoading, error } = useGetProfileQuery();

  return (
    <Row className="g-4">
      <Col as="section" md={4} lg={3} aria-labelledby="profile-heading">
        <h1 id="profile-heading" className="h2">
          User Profile
        </h1>
        {isLoading ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          user && <ProfileForm key={user._id} user={user} />
        )}
        {addressBook}
      </Col>
      <Col as="section" md={8} lg={9} aria-labelledby="my-orders-heading">
        <h2 id="my-orders-heading">My Orders</h2>
        {myOrders}
      </Col>
    </Row>
  );
}
