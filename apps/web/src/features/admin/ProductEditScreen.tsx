import type { Product } from '@proshop/domain/product-schemas';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import {
  useGetAdminProductQuery,
  useUpdateProductMutation,
  useUploadProductImageMutation,
} from './product-admin-api.ts';

export function ProductEditScreen() {
  return (
    <RequireAdmin>
      <ProductEdit />
    </RequireAdmin>
  );
}

function ProductEdit() {
  const { id = '' } = useParams();
  const { currentData: product, isFetching, error } = useGetAdminProductQuery(id);

  return (
    <>
      <Link to="/admin/productlist" className="btn btn-light mb-3">
        Go Back
      </Link>
      <FormContainer>
        <h1>Edit Product</h1>
        {isFetching && !product ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          // Keyed by the product so the form starts from the product it edits.
          product && <ProductEditForm key={product._id} product={product} />
        )}
      </FormContainer>
    </>
  );
}

/** A number field's text as the API gets it: an empty field is no number at all. */
function numberFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function ProductEditForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [name, setName] = useState(product.name);
  const [price, setPrice] = useState(String(product.price));
  const [image, setImage] = useState(product.image);
  const [brand, setBrand] = useState(product.brand);
  const [countInStock, setCountInStock] = useState(String(product.countInStock));
  const [category, setCategory] = useState(product.category);
  const [description, setDescription] = useState(product.description);
  const [updateProduct, { isLoading: isUpdating, error: updateError }] = useUpdateProductMutation();
  const [uploadImage, { isLoading: isUploading, error: uploadError }] =
    useUploadProductImageMutation();

  async function handleUpload(event: ChangeEvent<HTMLElement>) {
    const file = event.target instanceof HTMLInputElement ? event.target.files?.[0] : undefined;
    if (!file) return;
    const result = await uploadImage(file);
    if (result.data) setImage(result.data.image);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // NaN goes out as null, which the server refuses with a message naming the field.
    const result = await updateProduct({
      id: product._id,
      body: {
        name,
        price: numberFrom(price),
        image,
        brand,
        category,
        countInStock: numberFrom(countInStock),
        description,
      },
    });
    if (!('error' in result)) void navigate('/admin/productlist');
  }

  return (
    <>
      {updateError && <Message variant="danger">{errorMessage(updateError)}</Message>}
      {/* The server checks every field and names the one at fault; the browser does not stop it. */}
      <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField controlId="product-name" label="Name" value={name} onChange={setName} />
        <TextField
          controlId="product-price"
          label="Price"
          type="number"
          min={0}
          step="0.01"
          value={price}
          onChange={setPrice}
        />
        <TextField controlId="product-image" label="Image" value={image} onChange={setImage} />
        <Form.Group className="mb-3" controlId="product-image-file">
          <Form.Label>Upload an image</Form.Label>
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
        <TextField controlId="product-brand" label="Brand" value={brand} onChange={setBrand} />
        <TextField
          controlId="product-count-in-stock"
          label="Count In Stock"
          type="number"
          min={0}
          step={1}
          value={countInStock}
          onChange={setCountInStock}
        />
        <TextField
          controlId="product-category"
          label="Category"
          value={category}
          onChange={setCategory}
        />
        <TextField
          controlId="product-description"
          label="Description"
          rows={4}
          value={description}
          onChange={setDescription}
        />
        <Button type="submit" variant="dark" disabled={isUpdating || isUploading}>
          Update
        </Button>
      </Form>
    </>
  );
}
