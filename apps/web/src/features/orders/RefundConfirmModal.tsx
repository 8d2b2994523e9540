import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface RefundConfirmModalProps {
  show: boolean;
  /** The refund's total, written out ("$46.00"). */
  amount: string;
  buyerName: string;
  paymentMethod: string;
  refunding: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The question before money goes back: a refund cannot be taken back, so the admin sees the
 * amount, to whom and how before the payment provider is asked.
 */
export function RefundConfirmModal({
  show,
  amount,
  buyerName,
  paymentMethod,
  refunding,
  onConfirm,
  onClose,
}: RefundConfirmModalProps) {
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="refund-confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="refund-confirm-title">Refund {amount}?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1 text-break">
          {amount} goes back to {buyerName} through {paymentMethod}.
        </p>
        <p className="mb-0 text-body-secondary">A refund cannot be undone.</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={refunding} onClick={onConfirm}>
          Yes, refund {amount}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
