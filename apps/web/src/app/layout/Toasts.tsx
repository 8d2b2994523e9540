import { useEffect } from 'react';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useDispatch, useSelector } from 'react-redux';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { ToastNotification } from '../../components/ToastNotification.tsx';
import {
  hideNotifications,
  notificationTexts,
  selectNotifications,
  type NotificationFlag,
} from '../../state/notifications-slice.ts';

const flags = Object.keys(notificationTexts) as NotificationFlag[];

export function Toasts() {
  const notifications = useSelector(selectNotifications);
  const dispatch = useDispatch();
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // A toast tells of the page it was shown on: the shopper's next page (a link, Back) starts
  // without it. A redirect (a replace, such as to Sign In after Logout) keeps it.
  useEffect(() => {
    if (navigationType !== NavigationType.Replace) dispatch(hideNotifications());
  }, [key, navigationType, dispatch]);
  return (
    // Placed by `app-toasts` in app.css: at the bottom on a phone, below the header on wider
    // screens, never over the header's cart badge.
    <ToastContainer containerPosition="fixed" className="app-toasts p-3">
      {flags.map((flag) => (
        <ToastNotification
          key={flag}
          show={notifications[flag]}
          message={notificationTexts[flag]}
          onClose={() => dispatch(hideNotifications())}
        />
      ))}
    </ToastContainer>
  );
}
