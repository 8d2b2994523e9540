import {
  TAXONOMY_LABELS,
  type Taxonomy,
  type TaxonomyKind,
} from '@proshop/domain/taxonomy-schemas';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import {
  useGetTaxonomyListQuery,
  useMergeTaxonomyMutation,
  useUpdateTaxonomyMutation,
  useUploadTaxonomyPictureMutation,
} from './taxonomy-admin-api.ts';

/** Admin: a category's name, slug, description and picture, and merging it into another. */
export function CategoryEditScreen() {
  return (
    <RequireAdmin>
      <TaxonomyEdit kind="category" />
    </RequireAdmin>
  );
}

/** Admin: a brand's, as the category's screen. */
export function BrandEditScreen() {
  return (
    <RequireAdmin>
      <TaxonomyEdit kind="brand" />
    </RequireAdmin>
  );
}

const listPath = (kind: TaxonomyKind) => `/admin/${kind === 'category' ? 'categories' : 'brands'}`;

function TaxonomyEdit({ kind }: { kind: TaxonomyKind }) {
  const { id = '' } = useParams();
  const { one } = TAXONOMY_LABELS[kind];
  useDocumentTitle(`Edit ${one}`);
  // The list is small and the merge needs it anyway: the record is read from it.
  const { currentData: records, isFetching, error } = useGetTaxonomyListQuery(kind);
  const record = records?.find((entry) => entry._id === id.toLowerCase());

  return (
    <>
      <Link to={listPath(kind)} className="btn btn-light mb-3">
        Go Back
      </Link>
      <FormContainer>
        <h1>Edit {one}</h1>
        {isFetching && !records ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : !record ? (
          records && <Message variant="danger">{one} not found</Message>
        ) : (
          // Keyed by the record so the forms start from the record they edit.
          <div key={record._id}>
            <TaxonomyEditForm kind={kind} record={record} />
            <MergeForm kind={kind} record={record} others={records!} />
          </div>
        )}
      </FormContainer>
    </>
  );
}

function TaxonomyEditForm({ kind, record }: { kind: TaxonomyKind; record: Taxonomy }) {
  const navigate = useNavigate();
  const [name, setName] = useState(record.name);
  const [slug, setSlug] = useState(record.slug);
  const [description, setDescription] = useState(record.description);
  const [image, setImage] = useState(record.image ?? '');
  const [updateTaxonomy, { isLoading: isUpdating, error: updateError }] =
    useUpdateTaxonomyMutation();
  const [uploadImage, { isLoading: isUploading, error: uploadError }] =
    useUploadTaxonomyPictureMutation();

  async function handleUpload(event: ChangeEvent<HTMLElement>) {
    const file = event.target instanceof HTMLInputElement ? event.target.files?.[0] : undefined;
    if (!file) return;
    const result = await uploadImage(file);
    if (result.data) setImage(result.data.image);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await updateTaxonomy({
      kind,
      id: record._id,
      body: {
        name,
        // An emptied slug field asks for none: the record keeps its own.
        slug: slug.trim() || undefined,
        description,
        image: image.trim() || null,
      },
    });
    if (!('error' in result)) void navigate(listPath(kind));
  }

  return (
    <>
      {updateError && <Message variant="danger">{errorMessage(updateError)}</Message>}
      {/* The server checks every field and names the one at fault. */}
      <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField controlId="taxonomy-name" label="Name" value={name} onChange={setName} />
        <TextField controlId="taxonomy-slug" label="Slug" value={slug} onChange={setSlug} />
        <TextField
          controlId="taxonomy-description"
          label="Description"
          rows={4}
          value={description}
          onChange={setDescription}
        />
        <TextField controlId="taxonomy-image" label="Picture" value={image} onChange={setImage} />
        {image.trim() && (
          <img src={image} alt="" className="img-thumbnail mb-3" style={{ maxHeight: 120 }} />
        )}
        <Form.Group className="mb-3" controlId="taxonomy-image-file">
          <Form.Label>Upload a picture</Form.Label>
          <Form.Control
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={isUploading}
            onChange={(event) => void handleUpload(event)}
          />
          {isUploading && (
            <Spinner animation="border" size="sm" role="status" className="mt-2">
              <span className="visually-hidden">Uploading...</span>
            </Spinner>
          )}
          {uploadError && !isUploading && (
            <Message variant="danger">{errorMessage(uploadError)}</Message>
          )}
        </Form.Group>
        <Button type="submit" variant="dark" disabled={isUpdating || isUploading}>
          Update
        </Button>
      </Form>
    </>
  );
}

/** Moves every product of the record to another one and deletes it, after a confirmation. */
function MergeForm({
  kind,
  record,
  others,
}: {
  kind: TaxonomyKind;
  record: Taxonomy;
  others: Taxonomy[];
}) {
  const navigate = useNavigate();
  const one = TAXONOMY_LABELS[kind].one.toLowerCase();
  const [into, setInto] = useState('');
  const [mergeTaxonomy, { isLoading, error }] = useMergeTaxonomyMutation();
  const targets = others.filter((other) => other._id !== record._id);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = targets.find((other) => other._id === into);
    if (!target) return;
    const products =
      record.productCount === 1 ? 'its 1 product' : `its ${record.productCount} products`;
    const question = `Move ${products} to "${target.name}" and delete the ${one} "${record.name}"?`;
    if (!window.confirm(question)) return;
    const result = await mergeTaxonomy({ kind, id: record._id, into });
    if (!('error' in result)) void navigate(listPath(kind));
  }

  return (
    <Form noValidate className="mt-5" onSubmit={(event) => void handleSubmit(event)}>
      <h2 className="h4">Merge into another {one}</h2>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form.Group className="mb-3" controlId="taxonomy-merge-into">
        <Form.Label>Merge into</Form.Label>
        <Form.Select value={into} onChange={(event) => setInto(event.target.value)}>
          <option value="">Choose a {one}...</option>
          {targets.map((other) => (
            <option key={other._id} value={other._id}>
              {other.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text>
          Its products move there, and this {one} is deleted. This cannot be undone.
        </Form.Text>
      </Form.Group>
      <Button type="submit" variant="danger" disabled={!into || isLoading}>
        Merge
      </Button>
    </Form>
  );
}
