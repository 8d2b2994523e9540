import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import { selectCartItemCount } from '../../lib/cart-slice.ts';
import { shopName } from '../../lib/shop-name.ts';
import { SearchBox } from './SearchBox.tsx';
import { UserMenu } from './UserMenu.tsx';

export function Header() {
  const cartItemCount = useSelector(selectCartItemCount);
  return (
    <header>
      <Navbar bg="dark" data-bs-theme="dark" expand="lg" collapseOnSelect>
        <Container>
          <Navbar.Brand as={Link} to="/">
            {shopName}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-navbar" />
          <Navbar.Collapse id="main-navbar">
            <SearchBox />
            {/* The event keys let a tap on a link close the menu on small screens. */}
            <Nav className="ms-auto">
              <Nav.Link as={NavLink} to="/cart" eventKey="cart">
                Cart{' '}
                {cartItemCount > 0 && (
                  <Badge pill bg="success">
                    {cartItemCount}
                  </Badge>
                )}
              </Nav.Link>
              <UserMenu />
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
