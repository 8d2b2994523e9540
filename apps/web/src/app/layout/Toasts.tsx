import ToastContainer from 'react-bootstrap/ToastContainer';
import { useDispatch, useSelector } from 'react-redux';
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
  return (
    <ToastContainer position="top-end" containerPosition="fixed" className="p-3">
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
