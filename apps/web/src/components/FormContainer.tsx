import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

/** A narrow centred column for the shop's forms (sign in, shipping, profile...). */
export function FormContainer({ children }: { children: ReactNode }) {
  return (
    <Row className="justify-content-md-center">
      <Col xs={12} md={6}>
        {children}
      </Col>
    </Row>
  );
}
