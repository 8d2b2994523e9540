import { MAX_NOTE_LENGTH } from '@proshop/domain/order-limits';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import { useAddOrderNoteMutation } from './orders-api.ts';

/** Admin: adds an internal note to the order's timeline; only admins ever see notes. */
export function OrderNoteForm({ orderId }: { orderId: string }) {
  const [note, setNote] = useState('');
  const [addNote, { isLoading, error }] = useAddOrderNoteMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = await addNote({ orderId, body: { note } });
    if (!('error' in added)) setNote('');
  };

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label="Add a note">
      <Form.Group controlId={`order-note-${orderId}`} className="mb-2">
        <Form.Label>Internal note</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <Form.Text>Only admins see notes; the customer never does.</Form.Text>
      </Form.Group>
      <Button type="submit" variant="outline-dark" size="sm" disabled={isLoading || !note.trim()}>
        Add note
      </Button>
      <InlineError error={error} />
    </Form>
  );
}
