import type { Product } from '@proshop/domain/product-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { TaxonomyOptions } from './TaxonomyOptions.tsx';
import { useGetAdminProductQuery, useUpdateProductMutation } from './product-admin-api.ts';
import { ProductPictures } from './ProductPictures.tsx';

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
  const [images, setImages] = useState(product.images);
  const [brand, setBrand] = useState(product.brand);
  const [countInStock, setCountInStock] = useState(String(product.countInStock));
  const [category, setCategory] = useState(product.category);
  const [description, setDescription] = useState(product.description);
  const [updateProduct, { isLoading: isUpdating, error: updateError }] = useUpdateProductMutation();
  const [isUploading, setUploading] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // NaN goes out as null, which the server refuses with a message naming the field.
    const pictures = images.filter(Boolean);
    const result = await updateProduct({
      id: product._id,
      body: {
        name,
        price: numberFrom(price),
        image: pictures[0],
        images: pictures,
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
        <ProductPictures
          pictures={images}
          setPictures={setImages}
          onUploadingChange={setUploading}
        />
        <TextField
          controlId="product-brand"
          label="Brand"
          list="product-brand-options"
          value={brand}
          onChange={setBrand}
        />
        <TaxonomyOptions id="product-brand-options" kind="brand" />
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
          list="product-category-options"
          value={category}
          onChange={setCategory}
        />
        <TaxonomyOptions id="product-category-options" kind="category" />
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
