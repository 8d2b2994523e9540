import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import { SessionEndedRedirect } from '../../components/SessionEndedRedirect.tsx';
import { useLogoutMutation } from '../../features/users/users-api.ts';
import { loggedOut, selectUserInfo } from '../../state/session-slice.ts';
import { HeaderDropdown } from './HeaderDropdown.tsx';

/** The header's account part: Sign In, or the user's menu, and the Admin menu for admins. */
export function UserMenu() {
  const userInfo = useSelector(selectUserInfo);
  const dispatch = useDispatch();
  const [endSession] = useLogoutMutation();

  // Signed out here at once, whatever the server answers or if it cannot be reached; the call
  // then ends the session on the server, so a copy of the token is refused from now on.
  const logOut = (token: string) => {
    dispatch(loggedOut());
    void endSession(token);
  };

  return (
    <>
      <SessionEndedRedirect />
      {userInfo ? (
        <HeaderDropdown title={userInfo.name}>
          <Link className="dropdown-item" to="/profile">
            Profile
          </Link>
          <Link className="dropdown-item" to="/wishlist">
            Wishlist
          </Link>
          <button type="button" className="dropdown-item" onClick={() => logOut(userInfo.token)}>
            Logout
          </button>
        </HeaderDropdown>
      ) : (
        <NavLink className="nav-link" to="/login">
          Sign In
        </NavLink>
      )}
      {/* The spec's Admin menu (Users, Products, Orders), led by the dashboard: each entry opens
          the admin's own shell (AdminLayout), whose side navigation holds every section. */}
      {userInfo?.isAdmin && (
        <HeaderDropdown title="Admin">
          <Link className="dropdown-item" to="/admin/dashboard">
            Dashboard
          </Link>
          <Link className="dropdown-item" to="/admin/userlist">
            Users
          </Link>
          <Link className="dropdown-item" to="/admin/productlist">
            Products
          </Link>
          <Link className="dropdown-item" to="/admin/orderlist">
            Orders
          </Link>
        </HeaderDropdown>
      )}
    </>
  );
}
