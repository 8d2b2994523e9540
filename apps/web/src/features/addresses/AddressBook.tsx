import type { Address } from '@proshop/domain/address-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { addressLine } from '../../lib/address-fields.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useUpdateAddressMutation,
} from '../../state/address-book-api.ts';
import { AddressForm } from './AddressForm.tsx';

const nameOf = (address: Address) => address.label || address.address;

/** Asks before an address leaves the book. */
function DeleteAddressModal(props: {
  address?: Address;
  onClose: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal
      show={props.address !== undefined}
      onHide={props.onClose}
      centered
      aria-labelledby="delete-address-title"
    >
      <Modal.Header>
        <Modal.Title id="delete-address-title">Delete Address</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        Are you sure you want to delete {props.address && nameOf(props.address)}?
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
        <Button variant="danger" onClick={props.onDelete}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function AddressItem({
  address,
  onEdit,
  onDelete,
}: {
  address: Address;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [update, { isLoading }] = useUpdateAddressMutation();
  const { _id, isDefault: _isDefault, ...fields } = address;
  return (
    <ListGroup.Item>
      <div className="fw-semibold text-break">
        {nameOf(address)}
        {address.isDefault && <span className="badge text-bg-dark ms-2">Default</span>}
      </div>
      <div className="text-break">{addressLine(address)}</div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button
          size="sm"
          variant="outline-dark"
          onClick={onEdit}
          aria-label={`Edit ${nameOf(address)}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={`Delete ${nameOf(address)}`}
        >
          Delete
        </Button>
        {!address.isDefault && (
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={isLoading}
            onClick={() => void update({ id: _id, address: { ...fields, isDefault: true } })}
            aria-label={`Make ${nameOf(address)} the default`}
          >
            Make default
          </Button>
        )}
      </div>
    </ListGroup.Item>
  );
}

/** The profile's address book: the saved addresses, the default first; add, edit, delete. */
export function AddressBook() {
  const { data: addresses = [], isLoading, error } = useGetAddressesQuery();
  const [remove, removing] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<Address | 'new'>();
  const [deleting, setDeleting] = useState<Address>();

  return (
    <section aria-labelledby="address-book-heading" className="mt-4">
      <h2 id="address-book-heading" className="h4">
        Addresses
      </h2>
      {removing.error && <Message variant="danger">{errorMessage(removing.error)}</Message>}
      {isLoading ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        <>
          {addresses.length === 0 && editing === undefined && <p>No saved addresses yet.</p>}
          <ListGroup variant="flush" className="mb-3">
            {addresses.map((address) =>
              editing !== 'new' && editing?._id === address._id ? (
                <AddressForm
                  key={address._id}
                  editing={address}
                  onDone={() => setEditing(undefined)}
                />
              ) : (
                <AddressItem
                  key={address._id}
                  address={address}
                  onEdit={() => setEditing(address)}
                  onDelete={() => setDeleting(address)}
                />
              ),
            )}
          </ListGroup>
          {editing === 'new' ? (
            <AddressForm onDone={() => setEditing(undefined)} />
          ) : (
            <Button variant="outline-dark" onClick={() => setEditing('new')}>
              Add Address
            </Button>
          )}
        </>
      )}
      <DeleteAddressModal
        address={deleting}
        onClose={() => setDeleting(undefined)}
        onDelete={() => {
          if (deleting) void remove(deleting._id);
          setDeleting(undefined);
        }}
      />
    </section>
  );
}
