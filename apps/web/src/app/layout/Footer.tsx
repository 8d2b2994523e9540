import Container from 'react-bootstrap/Container';
import { shopName } from '../../lib/shop-name.ts';

export function Footer() {
  return (
    <footer className="border-top bg-light">
      <Container className="text-center py-3">Copyright &copy; {shopName}</Container>
    </footer>
  );
}
