import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

interface SettingsFormModalProps {
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  submitLabel: string;
  saving: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of the Settings screen's dialogs (zone, method, rate): a form in a modal, full
 * screen on a phone, with Cancel and its submit button; the fields are the caller's.
 */
export function SettingsFormModal({
  titleId,
  title,
  submitLabel,
  saving,
  onSubmit,
  onClose,
  children,
}: SettingsFormModalProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Modal show onHide={onClose} fullscreen="sm-down" aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} className="text-break">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="dark" disabled={saving}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
