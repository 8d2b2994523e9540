import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface DeleteCartItemModalProps {
  show: boolean;
  onClose: () => void;
  onDelete: () => void;
}

/** Asks before a line leaves the cart, so a stray click does not lose it. */
export function DeleteCartItemModal({ show, onClose, onDelete }: DeleteCartItemModalProps) {
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="delete-cart-item-title">
      {/* No close cross in the header: the footer's Close is the one way out by button. */}
      <Modal.Header>
        <Modal.Title id="delete-cart-item-title">Delete Item</Modal.Title>
      </Modal.Header>
      <Modal.Body>Are you sure you really want to delete this item?</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
