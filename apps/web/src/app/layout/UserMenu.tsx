import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import { SessionEndedRedirect } from '../../components/SessionEndedRedirect.tsx';
import { loggedOut, selectUserInfo } from '../../lib/session-slice.ts';

/** The header's account part: Sign In, or the user's menu, and the Admin menu for admins. */
export function UserMenu() {
  const userInfo = useSelector(selectUserInfo);
  const dispatch = useDispatch();

  return (
    <>
      <SessionEndedRedirect />
      {userInfo ? (
        <NavDropdown title={userInfo.name} id="user-menu" align="end">
          <NavDropdown.Item as={Link} to="/profile">
            Profile
          </NavDropdown.Item>
          <NavDropdown.Item as="button" type="button" onClick={() => dispatch(loggedOut())}>
            Logout
          </NavDropdown.Item>
        </NavDropdown>
      ) : (
        <Nav.Link as={NavLink} to="/login" eventKey="login">
          Sign In
        </Nav.Link>
      )}
      {userInfo?.isAdmin && (
        <NavDropdown title="Admin" id="admin-menu" align="end">
          <NavDropdown.Item as={Link} to="/admin/userlist">
            Users
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to="/admin/productlist">
            Products
          </NavDropdown.Item>
          <NavDropdown.Item as={Link} to="/admin/orderlist">
            Orders
          </NavDropdown.Item>
        </NavDropdown>
      )}
    </>
  );
}
