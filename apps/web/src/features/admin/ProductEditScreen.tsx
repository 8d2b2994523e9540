import type { AdminProductDetail, ProductLowStock } from '@proshop/domain/product-admin-schemas';
import { SAMPLE_PRODUCT } from '@proshop/domain/product-schemas';
import type { ProductStatus } from '@proshop/domain/product-status';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { TaxonomyOptions } from './TaxonomyOptions.tsx';
import {
  useGetAdminProductQuery,
  useGetProductLowStockQuery,
  useUpdateProductMutation,
} from './product-admin-api.ts';
import { ProductPictures } from './ProductPictures.tsx';
import { ProductStatusField } from './ProductStatusField.tsx';
import { taxClassOf } from './product-tax-fields.ts';
import { ProductTaxClassField } from './ProductTaxClassField.tsx';
import { ProductVariants } from './ProductVariants.tsx';

export function ProductEditScreen() {
  useDocumentTitle('Edit Product');
  return (
    <RequireAdmin>
      <ProductEdit />
    </RequireAdmin>
  );
}

function ProductEdit() {
  const { id = '' } = useParams();
  const {
    currentData: product,
    isFetching,
    error,
    fulfilledTimeStamp,
  } = useGetAdminProductQuery(id);
  // The admin's own figures (the threshold), which the storefront's answer leaves out.
  const { currentData: lowStock, error: lowStockError } = useGetProductLowStockQuery(id);
  // What the form and the variants edit: nothing while loading or when the product cannot be had.
  const shown = error ? undefined : product;
  const failure = error ?? lowStockError;

  return (
    <>
      <Link to="/admin/productlist" className="btn btn-light mb-3">
        Go Back
      </Link>
      <FormContainer>
        <h1>Edit Product</h1>
        {failure ? (
          <Message variant="danger">{errorMessage(failure)}</Message>
        ) : !shown || !lowStock ? (
          <Loader />
        ) : (
          // Keyed by the product so the form starts from the product it edits.
          <ProductEditForm key={shown._id} product={shown} lowStock={lowStock} />
        )}
      </FormContainer>
      {/* Wider than the form: the table has a column per option and five more. */}
      {shown && (
        <ProductVariants
          key={shown._id}
          product={shown}
          version={fulfilledTimeStamp}
          refreshing={isFetching}
        />
      )}
    </>
  );
}

/** A number field's text as the API gets it: an empty field is no number at all. */
function numberFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** "Low stock at": empty for the shop's threshold, shown as the field's placeholder. */
function thresholdFrom(text: string): number | null {
  return text.trim() === '' ? null : numberFrom(text);
}

function ProductEditForm({
  product,
  lowStock,
}: {
  product: AdminProductDetail;
  lowStock: ProductLowStock;
}) {
  const [threshold, setThreshold] = useState(
    lowStock.lowStockThreshold === null ? '' : String(lowStock.lowStockThreshold),
  );
  const [name, setName] = useState(product.name);
  const [price, setPrice] = useState(String(product.price));
  const [images, setImages] = useState(product.images);
  const [brand, setBrand] = useState(product.brand);
  const [countInStock, setCountInStock] = useState(String(product.countInStock));
  const [category, setCategory] = useState(product.category);
  const [description, setDescription] = useState(product.description);
  const [taxClass, setTaxClass] = useState(() => taxClassOf(product));
  // A product nobody has named yet (fresh from Create Product) starts at Active: its first
  // Update with real values publishes it. A draft kept on purpose stays one.
  const [status, setStatus] = useState<ProductStatus>(
    product.status === 'draft' && product.name === SAMPLE_PRODUCT.name ? 'active' : product.status,
  );
  const [updateProduct, { isLoading: isUpdating, error: updateError, data: saved, reset }] =
    useUpdateProductMutation();
  const [isUploading, setUploading] = useState(false);
  // With options the stock is the variants' (the server ignores the field); the field shows
  // their total. When options come or go, the field starts again from the product's stock.
  const hasOptions = product.options.length > 0;
  const [stockOfVariants, setStockOfVariants] = useState(hasOptions);
  if (stockOfVariants !== hasOptions) {
    setStockOfVariants(hasOptions);
    setCountInStock(String(product.countInStock));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // NaN goes out as null, which the server refuses with a message naming the field.
    const pictures = images.filter(Boolean);
    await updateProduct({
      id: product._id,
      body: {
        name,
        price: numberFrom(price),
        image: pictures[0],
        images: pictures,
        brand,
        category,
        countInStock: hasOptions ? product.countInStock : numberFrom(countInStock),
        description,
        lowStockThreshold: thresholdFrom(threshold),
        status,
        taxClass,
      },
    });
    // The admin stays on the product (its Variants are below): the message says it was saved.
  }

  return (
    <>
      {updateError && <Message variant="danger">{errorMessage(updateError)}</Message>}
      {saved && !updateError && (
        <Message variant="success">
          Saved {saved.name}
          {saved.status === 'draft' ? ' as a draft: shoppers do not see it.' : '.'}
        </Message>
      )}
      {/* The server checks every field and names the one at fault; the browser does not stop it. */}
      <Form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        // A change after a save: the "Saved" message no longer describes the form.
        onChange={() => saved && reset()}
      >
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
        {hasOptions ? (
          <Form.Group className="mb-3" controlId="product-count-in-stock">
            <Form.Label>Count In Stock</Form.Label>
            <Form.Control
              type="number"
              readOnly
              value={product.countInStock}
              aria-describedby="product-count-in-stock-note"
            />
            <Form.Text id="product-count-in-stock-note">Stock is kept per variant below</Form.Text>
          </Form.Group>
        ) : (
          <TextField
            controlId="product-count-in-stock"
            label="Count In Stock"
            type="number"
            min={0}
            step={1}
            value={countInStock}
            onChange={setCountInStock}
          />
        )}
        <TextField
          controlId="product-low-stock"
          label="Low stock at"
          type="number"
          min={0}
          step={1}
          placeholder={`${lowStock.shopLowStockThreshold} (the shop's default)`}
          value={threshold}
          onChange={setThreshold}
        />
        <TextField
          controlId="product-category"
          label="Category"
          list="product-category-options"
          value={category}
          onChange={setCategory}
        />
        <TaxonomyOptions id="product-category-options" kind="category" />
        <ProductTaxClassField value={taxClass} onChange={setTaxClass} />
        <TextField
          controlId="product-description"
          label="Description"
          rows={4}
          value={description}
          onChange={setDescription}
        />
        <ProductStatusField value={status} onChange={setStatus} price={numberFrom(price)} />
        <Button type="submit" variant="dark" disabled={isUpdating || isUploading}>
          Update
        </Button>
      </Form>
    </>
  );
}
