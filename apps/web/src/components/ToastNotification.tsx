import Toast from 'react-bootstrap/Toast';

const TOAST_DURATION_MS = 3000;

interface ToastNotificationProps {
  show: boolean;
  message: string;
  onClose: () => void;
}

export function ToastNotification({ show, message, onClose }: ToastNotificationProps) {
  return (
    <Toast show={show} onClose={onClose} autohide delay={TOAST_DURATION_MS}>
      <Toast.Header>
        <strong className="me-auto">Notification</strong>
        <small>Now</small>
      </Toast.Header>
      <Toast.Body>{message}</Toast.Body>
    </Toast>
  );
}
