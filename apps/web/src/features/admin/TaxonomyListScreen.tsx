import {
  TAXONOMY_LABELS,
  type Taxonomy,
  type TaxonomyKind,
} from '@proshop/domain/taxonomy-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { RowActions, RowActionsHeader } from '../../components/RowActions.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  useCreateTaxonomyMutation,
  useDeleteTaxonomyMutation,
  useGetTaxonomyListQuery,
} from './taxonomy-admin-api.ts';

/** Admin: every category, with its product count, edit, delete and a field to create one. */
export function CategoryListScreen() {
  return (
    <RequireAdmin>
      <TaxonomyList kind="category" />
    </RequireAdmin>
  );
}

/** Admin: every brand, as the categories' screen. */
export function BrandListScreen() {
  return (
    <RequireAdmin>
      <TaxonomyList kind="brand" />
    </RequireAdmin>
  );
}

function TaxonomyList({ kind }: { kind: TaxonomyKind }) {
  const { one, many } = TAXONOMY_LABELS[kind];
  useDocumentTitle(many);
  const { currentData: records, isFetching, error } = useGetTaxonomyListQuery(kind);
  const [deleteTaxonomy, { isLoading: isDeleting, error: deleteError, reset: clearDelete }] =
    useDeleteTaxonomyMutation();

  function handleDelete(record: Taxonomy) {
    if (!window.confirm(`Delete the ${one.toLowerCase()} "${record.name}"?`)) return;
    // A used record is refused with a message saying how many products use it: shown above.
    void deleteTaxonomy({ kind, id: record._id });
  }

  return (
    <>
      <h1>{many}</h1>
      <CreateTaxonomyForm kind={kind} onCreate={clearDelete} />
      {deleteError && <Message variant="danger">{errorMessage(deleteError)}</Message>}
      {isFetching && !records ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        records && (
          <>
            <Table striped bordered hover responsive size="sm" className="admin-cards">
              <thead>
                <tr>
                  <th>NAME</th>
                  <th>SLUG</th>
                  <th>PRODUCTS</th>
                  <RowActionsHeader />
                </tr>
              </thead>
              <tbody>
                {records.map((record) => (
                  <tr key={record._id}>
                    <td className="admin-card-title">{record.name}</td>
                    <td data-label="SLUG">
                      <Link to={`/${kind}/${encodeURIComponent(record.slug)}`}>{record.slug}</Link>
                    </td>
                    <td data-label="PRODUCTS">{record.productCount}</td>
                    <RowActions
                      name={record.name}
                      editTo={`/admin/${kind}/${record._id}/edit`}
                      onDelete={() => handleDelete(record)}
                      deleting={isDeleting}
                    />
                  </tr>
                ))}
              </tbody>
            </Table>
            {records.length === 0 && <Message>There are no {many.toLowerCase()} yet.</Message>}
          </>
        )
      )}
    </>
  );
}

/** A new record by its name; the server makes its slug, and the edit screen changes the rest. */
function CreateTaxonomyForm({ kind, onCreate }: { kind: TaxonomyKind; onCreate: () => void }) {
  const one = TAXONOMY_LABELS[kind].one.toLowerCase();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [createTaxonomy, { isLoading, error }] = useCreateTaxonomyMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onCreate();
    const result = await createTaxonomy({ kind, body: { name, description: '', image: null } });
    if (result.data) {
      setCreated(result.data.name);
      setName('');
    } else {
      setCreated(null);
    }
  }

  return (
    <Form noValidate className="mb-3" onSubmit={(event) => void handleSubmit(event)}>
      <Row className="g-2 align-items-end">
        <Col sm={8} md={6}>
          <Form.Group controlId={`new-${kind}-name`}>
            <Form.Label>New {one}</Form.Label>
            <Form.Control
              value={name}
              placeholder="Name"
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs="auto">
          <Button type="submit" variant="dark" disabled={isLoading}>
            Create {one}
          </Button>
        </Col>
      </Row>
      <div className="mt-2">
        {error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          created && (
            <Message variant="success">
              {TAXONOMY_LABELS[kind].one} &quot;{created}&quot; created
            </Message>
          )
        )}
      </div>
    </Form>
  );
}
