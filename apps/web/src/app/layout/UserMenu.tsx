import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import { SessionEndedRedirect } from '../../components/SessionEndedRedirect.tsx';
import { useLogoutMutation } from '../../features/users/users-api.ts';
import { loggedOut, selectUserInfo } from '../../state/session-slice.ts';
import { HeaderDropdown } from './HeaderDropdown.tsx';

/** The header's account part: Sign In, or the user's menu, and the Admin link for admins. */
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
      {/* One link into the admin, whose own navigation (AdminLayout) holds its sections. */}
      {userInfo?.isAdmin && (
        <NavLink className="nav-link" to="/admin/dashboard">
          Admin
        </NavLink>
      )}
    </>
  );
}
