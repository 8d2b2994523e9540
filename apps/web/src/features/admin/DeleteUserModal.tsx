import type { User } from '@proshop/domain/user-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useDeleteUserMutation } from './users-admin-api.ts';

interface DeleteUserModalProps {
  user: User;
  onClose: () => void;
}

/** Deleting cannot be undone, so the admin types the user's exact name to enable it. */
export function DeleteUserModal({ user, onClose }: DeleteUserModalProps) {
  const [typedName, setTypedName] = useState('');
  const [deleteUser, { isLoading, error }] = useDeleteUserMutation();
  const confirmed = typedName === user.name;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    try {
      await deleteUser(user._id).unwrap();
      onClose();
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  return (
    <Modal show onHide={onClose} centered aria-labelledby="delete-user-title">
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="delete-user-title">Delete user</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* A long name or e-mail wraps, rather than widening the dialog past a phone. */}
          <p className="text-break">
            This action is not reversible. The account of <strong>{user.name}</strong> ({user.email}
            ) will be deleted.
          </p>
          {error && <Message variant="danger">{errorMessage(error)}</Message>}
          <Form.Group controlId="delete-user-name">
            <Form.Label className="text-break">
              Type <strong>{user.name}</strong> to confirm
            </Form.Label>
            <Form.Control
              autoComplete="off"
              value={typedName}
              onChange={(event) => setTypedName(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed || isLoading}>
            Delete
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
