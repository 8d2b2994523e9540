import type { TaxClass } from '@proshop/domain/shipping-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import {
  useCreateTaxClassMutation,
  useDeleteTaxClassMutation,
  useUpdateTaxClassMutation,
} from './shipping-admin-api.ts';
import { classNameProblem } from './shipping-forms.ts';

/**
 * The tax classes products are taxed as (Standard, Reduced, Zero...): add, rename, make one the
 * default (the class of every product without its own), delete. The server refuses to delete
 * the default class or one products use, and its message is shown here.
 */
export function TaxClassesSection({ taxClasses }: { taxClasses: readonly TaxClass[] }) {
  const [createClass, created] = useCreateTaxClassMutation();
  const [updateClass, updated] = useUpdateTaxClassMutation();
  const [deleteClass, deleted] = useDeleteTaxClassMutation();
  // The last change's refusal, under the list, whichever call made it.
  const [last, setLast] = useState<'create' | 'update' | 'delete'>();
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState<string>();
  const [renaming, setRenaming] = useState<string>();
  const busy = created.isLoading || updated.isLoading || deleted.isLoading;
  const failure = { create: created.error, update: updated.error, delete: deleted.error }[
    last ?? 'create'
  ];

  async function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = classNameProblem(newName);
    setNewNameError(problem);
    if (problem) return;
    setLast('create');
    const result = await createClass({ name: newName.trim() });
    if (!('error' in result)) setNewName('');
  }

  function handleDelete(taxClass: TaxClass) {
    if (!window.confirm(`Delete the tax class ${taxClass.name}?`)) return;
    setLast('delete');
    void deleteClass(taxClass._id);
  }

  return (
    <section className="mt-5" aria-labelledby="tax-classes-heading">
      <h2 id="tax-classes-heading" className="h4">
        Tax classes
      </h2>
      <p className="text-body-secondary small">
        Each product is taxed as a class; each zone has a rate per class. Products without a class
        of their own are taxed as the default.
      </p>
      <ul className="list-group mb-3" aria-label="Tax classes">
        {taxClasses.map((taxClass) => (
          <li
            key={taxClass._id}
            className="list-group-item d-flex flex-wrap align-items-center gap-2"
          >
            {renaming === taxClass._id ? (
              <RenameForm
                taxClass={taxClass}
                busy={busy}
                onCancel={() => setRenaming(undefined)}
                onSave={async (name) => {
                  setLast('update');
                  const result = await updateClass({ id: taxClass._id, body: { name } });
                  if (!('error' in result)) setRenaming(undefined);
                }}
              />
            ) : (
              <>
                <span className="flex-grow-1">
                  <span className="fw-semibold">{taxClass.name}</span>{' '}
                  {taxClass.isDefault && <span className="badge text-bg-dark">Default</span>}
                  <span className="d-block small text-body-secondary">
                    {taxClass.productCount === 1
                      ? '1 product'
                      : `${taxClass.productCount} products`}
                  </span>
                </span>
                <span className="d-flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`Rename ${taxClass.name}`}
                    onClick={() => setRenaming(taxClass._id)}
                  >
                    Rename
                  </Button>
                  {!taxClass.isDefault && (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={`Make ${taxClass.name} the default`}
                      disabled={busy}
                      onClick={() => {
                        setLast('update');
                        void updateClass({
                          id: taxClass._id,
                          body: { name: taxClass.name, isDefault: true },
                        });
                      }}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={`Delete ${taxClass.name}`}
                    disabled={busy}
                    onClick={() => handleDelete(taxClass)}
                  >
                    Delete
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      <InlineError error={failure} />
      <Form noValidate onSubmit={(event) => void handleAdd(event)} aria-label="Add tax class">
        <Form.Label htmlFor="tax-class-new">New tax class</Form.Label>
        <div className="d-flex gap-2 align-items-start">
          <div className="flex-grow-1">
            <Form.Control
              id="tax-class-new"
              maxLength={40}
              placeholder="Reduced"
              value={newName}
              isInvalid={newNameError !== undefined}
              aria-describedby={newNameError ? 'tax-class-new-error' : undefined}
              onChange={(event) => {
                setNewName(event.target.value);
                setNewNameError(undefined);
              }}
            />
            <Form.Control.Feedback id="tax-class-new-error" type="invalid">
              {newNameError}
            </Form.Control.Feedback>
          </div>
          <Button type="submit" variant="dark" disabled={busy}>
            Add class
          </Button>
        </div>
      </Form>
    </section>
  );
}

interface RenameFormProps {
  taxClass: TaxClass;
  busy: boolean;
  onCancel: () => void;
  onSave: (name: string) => Promise<void>;
}

/** A class's name, edited in its row. */
function RenameForm({ taxClass, busy, onCancel, onSave }: RenameFormProps) {
  const [name, setName] = useState(taxClass.name);
  const [problem, setProblem] = useState<string>();
  const controlId = `tax-class-name-${taxClass._id}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = classNameProblem(name);
    setProblem(found);
    if (!found) void onSave(name.trim());
  }

  return (
    <Form noValidate className="w-100" onSubmit={handleSubmit}>
      <Form.Label htmlFor={controlId}>Name of {taxClass.name}</Form.Label>
      <Form.Control
        id={controlId}
        maxLength={40}
        value={name}
        isInvalid={problem !== undefined}
        aria-describedby={problem ? `${controlId}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
        }}
      />
      <Form.Control.Feedback id={`${controlId}-error`} type="invalid">
        {problem}
      </Form.Control.Feedback>
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" variant="dark" disabled={busy}>
          Save name
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
