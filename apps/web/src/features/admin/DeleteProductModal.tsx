import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface DeleteProductModalProps {
  /** The product asked about; null while the dialog is closed. */
  product: { _id: string; name: string } | null;
  deleting: boolean;
  onConfirm: (id: string) => void;
  onClose: () => void;
}

/**
 * The product list's delete question, in the page rather than the browser's own box: it names
 * the product, so the admin sees which row they are deleting, and asks the spec's "Are you sure?".
 */
export function DeleteProductModal({
  product,
  deleting,
  onConfirm,
  onClose,
}: DeleteProductModalProps) {
  return (
    <Modal show={product !== null} onHide={onClose} centered aria-labelledby="delete-product-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-product-title" className="text-break">
          Delete {product?.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">Are you sure?</p>
        <p className="mb-0 text-body-secondary">
          The product leaves the shop; orders that have it keep their copy of its lines.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="danger"
          disabled={deleting || product === null}
          onClick={() => product && onConfirm(product._id)}
        >
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
