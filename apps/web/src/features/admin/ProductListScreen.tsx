import { formatMoney, toCents } from '@proshop/domain/money';
import type { AdminProduct } from '@proshop/domain/product-admin-schemas';
import {
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from '@proshop/domain/product-status';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ProductImage } from '../../components/ProductImage.tsx';
import { RowActions, RowActionsHeader } from '../../components/RowActions.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ShortId } from '../../components/ShortId.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetAdminProductsQuery,
} from './product-admin-api.ts';
import { DeleteProductModal } from './DeleteProductModal.tsx';
import { ProductExportButton } from './ProductExportButton.tsx';

export function ProductListScreen() {
  useDocumentTitle('Products');
  return (
    <RequireAdmin>
      <ProductList />
    </RequireAdmin>
  );
}

/** The list's filters as its address holds them: `?lowStock=1&status=draft`. */
function filterSearch(lowStock: boolean, status: ProductStatus | undefined): string {
  const params = new URLSearchParams();
  if (lowStock) params.set('lowStock', '1');
  if (status) params.set('status', status);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * "Low stock only" and the Status filter: kept in the address, a change starts at page 1.
 */
function ProductFilters({
  lowStock,
  status,
}: {
  lowStock: boolean;
  status: ProductStatus | undefined;
}) {
  const navigate = useNavigate();
  const go = (nextLowStock: boolean, nextStatus: ProductStatus | undefined) =>
    void navigate(`/admin/productlist${filterSearch(nextLowStock, nextStatus)}`);
  return (
    <div className="d-flex flex-wrap align-items-center column-gap-4 mb-3">
      <Form.Check
        type="switch"
        id="low-stock-only"
        label="Low stock only"
        checked={lowStock}
        onChange={(event) => go(event.target.checked, status)}
      />
      <Form.Group controlId="product-status-filter" className="d-flex align-items-center gap-2">
        <Form.Label className="mb-0">Status</Form.Label>
        <Form.Select
          className="w-auto"
          value={status ?? ''}
          onChange={(event) =>
            go(lowStock, (event.target.value || undefined) as ProductStatus | undefined)
          }
        >
          <option value="">All products</option>
          {PRODUCT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {PRODUCT_STATUS_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}

function ProductList() {
  const { pageNumber = '1' } = useParams();
  const [searchParams] = useSearchParams();
  const lowStock = searchParams.get('lowStock') === '1';
  const statusParam = searchParams.get('status');
  const status = PRODUCT_STATUSES.find((value) => value === statusParam);
  const navigate = useNavigate();
  const [exportError, setExportError] = useState<string | null>(null);
  const { currentData, isFetching, error } = useGetAdminProductsQuery({
    pageNumber,
    lowStock,
    status,
  });
  const [createProduct, { isLoading: isCreating, error: createError }] = useCreateProductMutation();
  const [deleteProduct, { isLoading: isDeleting, error: deleteError }] = useDeleteProductMutation();

  async function handleCreate() {
    const result = await createProduct();
    if (result.data) void navigate(`/admin/product/${result.data._id}/edit`);
  }

  const [toDelete, setToDelete] = useState<AdminProduct | null>(null);
  // The edit screen names the product it just saved.
  const saved = (useLocation().state as { saved?: string } | null)?.saved;

  async function handleDelete(id: string) {
    const result = await deleteProduct(id);
    // On failure the dialog stays open under the error, so the admin can try again or close it.
    if (!('error' in result)) setToDelete(null);
  }

  return (
    <>
      {/* Wraps under the heading on a phone. */}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="me-auto mb-0">Products</h1>
        <ProductExportButton onError={setExportError} />
        <Link to="/admin/products/import" className="btn btn-outline-primary">
          Import CSV
        </Link>
        <Button variant="dark" disabled={isCreating} onClick={() => void handleCreate()}>
          Create Product
        </Button>
      </div>
      <ProductFilters lowStock={lowStock} status={status} />
      {saved !== undefined && <Message variant="success">Saved {saved}.</Message>}
      {exportError && <Message variant="danger">{exportError}</Message>}
      {createError && <Message variant="danger">{errorMessage(createError)}</Message>}
      {deleteError && <Message variant="danger">{errorMessage(deleteError)}</Message>}
      {(isCreating || isDeleting) && <Loader />}
      {isFetching && !currentData ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        currentData && (
          <>
            <Table striped bordered hover responsive size="sm" className="admin-cards">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>NAME</th>
                  <th>PRICE</th>
                  <th>STOCK</th>
                  <th>CATEGORY</th>
                  <th>BRAND</th>
                  <th>STATUS</th>
                  <RowActionsHeader />
                </tr>
              </thead>
              <tbody>
                {currentData.products.map((product) => (
                  <tr key={product._id}>
                    <td className="small" data-label="ID">
                      <ShortId id={product._id} />
                    </td>
                    <td className="admin-card-title">
                      <div className="d-flex align-items-center gap-2">
                        <ProductImage
                          image={product.image}
                          alt=""
                          width={40}
                          sizes="40px"
                          loading="lazy"
                          className="rounded flex-shrink-0"
                        />
                        {product.name}
                      </div>
                    </td>
                    <td data-label="PRICE">{formatMoney(toCents(product.price), shopCurrency)}</td>
                    <td data-label="STOCK">
                      <StockSummary product={product} />
                    </td>
                    <td data-label="CATEGORY">{product.category}</td>
                    <td data-label="BRAND">{product.brand}</td>
                    <td data-label="STATUS">
                      <span
                        className={`badge ${product.status === 'draft' ? 'text-bg-secondary' : 'text-bg-success'}`}
                      >
                        {PRODUCT_STATUS_LABELS[product.status]}
                      </span>
                    </td>
                    <RowActions
                      name={product.name}
                      editTo={`/admin/product/${product._id}/edit`}
                      onDelete={() => setToDelete(product)}
                      deleting={isDeleting}
                    />
                  </tr>
                ))}
              </tbody>
            </Table>
            {currentData.products.length === 0 && (
              <Message>
                {lowStock
                  ? 'No product is low on stock.'
                  : status === 'draft'
                    ? 'There are no drafts.'
                    : 'There are no products on this page.'}
              </Message>
            )}
            <DeleteProductModal
              product={toDelete}
              deleting={isDeleting}
              onConfirm={(id) => void handleDelete(id)}
              onClose={() => setToDelete(null)}
            />
            <Paginate
              pages={currentData.pages}
              page={currentData.page}
              adminList="/admin/productlist"
              search={filterSearch(lowStock, status)}
            />
          </>
        )
      )}
    </>
  );
}

/**
 * The STOCK cell: the stock of the variants on offer together, how many variants there are (a
 * product without options has one, implicit, not worth a mention), and a mark when one on offer
 * is low on stock.
 */
function StockSummary({ product }: { product: AdminProduct }) {
  const { countInStock, variantCount } = product;
  return (
    <div className="text-nowrap">
      {countInStock}
      {variantCount > 1 && ` · ${variantCount} variants`}
      {product.lowStock && (
        <>
          {' '}
          <span className="badge text-bg-warning">Low stock</span>
        </>
      )}
    </div>
  );
}
