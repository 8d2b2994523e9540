import { formatMoney, toCents } from '@proshop/domain/money';
import type { AdminProduct } from '@proshop/domain/product-admin-schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RowActions, RowActionsHeader } from '../../components/RowActions.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { ShortId } from '../../components/ShortId.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetAdminProductsQuery,
} from './product-admin-api.ts';
import { ProductExportButton } from './ProductExportButton.tsx';

export function ProductListScreen() {
  return (
    <RequireAdmin>
      <ProductList />
    </RequireAdmin>
  );
}

/** "Low stock only": kept in the address (`?lowStock=1`), a change starts at page 1. */
function LowStockFilter({ lowStock }: { lowStock: boolean }) {
  const navigate = useNavigate();
  return (
    <Form.Check
      type="switch"
      id="low-stock-only"
      className="mb-3"
      label="Low stock only"
      checked={lowStock}
      onChange={(event) =>
        void navigate(event.target.checked ? '/admin/productlist?lowStock=1' : '/admin/productlist')
      }
    />
  );
}

function ProductList() {
  const { pageNumber = '1' } = useParams();
  const [searchParams] = useSearchParams();
  const lowStock = searchParams.get('lowStock') === '1';
  const navigate = useNavigate();
  const [exportError, setExportError] = useState<string | null>(null);
  const { currentData, isFetching, error } = useGetAdminProductsQuery({ pageNumber, lowStock });
  const [createProduct, { isLoading: isCreating, error: createError }] = useCreateProductMutation();
  const [deleteProduct, { isLoading: isDeleting, error: deleteError }] = useDeleteProductMutation();

  async function handleCreate() {
    const result = await createProduct();
    if (result.data) void navigate(`/admin/product/${result.data._id}/edit`);
  }

  function handleDelete(id: string) {
    if (window.confirm('Are you sure?')) void deleteProduct(id);
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
      <LowStockFilter lowStock={lowStock} />
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
            <Table striped bordered hover responsive size="sm">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>NAME</th>
                  <th>PRICE</th>
                  <th>CATEGORY</th>
                  <th>BRAND</th>
                  <RowActionsHeader />
                </tr>
              </thead>
              <tbody>
                {currentData.products.map((product) => (
                  <tr key={product._id}>
                    <td className="small">
                      <ShortId id={product._id} />
                    </td>
                    <td>
                      {product.name}
                      <StockSummary product={product} />
                    </td>
                    <td>{formatMoney(toCents(product.price), shopCurrency)}</td>
                    <td>{product.category}</td>
                    <td>{product.brand}</td>
                    <RowActions
                      name={product.name}
                      editTo={`/admin/product/${product._id}/edit`}
                      onDelete={() => handleDelete(product._id)}
                      deleting={isDeleting}
                    />
                  </tr>
                ))}
              </tbody>
            </Table>
            {currentData.products.length === 0 && (
              <Message>
                {lowStock ? 'No product is low on stock.' : 'There are no products on this page.'}
              </Message>
            )}
            <Paginate
              pages={currentData.pages}
              page={currentData.page}
              adminList="/admin/productlist"
              search={lowStock ? '?lowStock=1' : ''}
            />
          </>
        )
      )}
    </>
  );
}

/**
 * The product's stock and variants under its name, the spec's columns left as they are: the
 * stock of the variants on offer together, how many variants there are (a product without
 * options has one, implicit, not worth a mention), and a mark when one on offer is low on stock.
 */
function StockSummary({ product }: { product: AdminProduct }) {
  const { countInStock, variantCount } = product;
  return (
    <div className="small text-body-secondary">
      {countInStock} in stock
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
