import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import { SessionEndedRedirect } from '../../components/SessionEndedRedirect.tsx';
import { loggedOut, selectUserInfo } from '../../state/session-slice.ts';
import { HeaderDropdown } from './HeaderDropdown.tsx';

/** The header's account part: Sign In, or the user's menu, and the Admin menu for admins. */
export function UserMenu() {
  const userInfo = useSelector(selectUserInfo);
  const dispatch = useDispatch();

  return (
    <>
      <SessionEndedRedirect />
      {userInfo ? (
        <HeaderDropdown title={userInfo.name}>
          <Link className="dropdown-item" to="/profile">
            Profile
          </Link>
          <button type="button" className="dropdown-item" onClick={() => dispatch(loggedOut())}>
            Logout
          </button>
        </HeaderDropdown>
      ) : (
        <NavLink className="nav-link" to="/login">
          Sign In
        </NavLink>
      )}
      {userInfo?.isAdmin && (
        <HeaderDropdown title="Admin">
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
