import { formatMoney, toCents } from '@proshop/domain/money';
import type { Product } from '@proshop/domain/product-schemas';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useNavigate, useParams } from 'react-router';
import { RowActions } from '../../components/RowActions.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { Paginate } from '../../components/Paginate.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetAdminProductsQuery,
} from './product-admin-api.ts';

export function ProductListScreen() {
  return (
    <RequireAdmin>
      <ProductList />
    </RequireAdmin>
  );
}

function ProductList() {
  const { pageNumber = '1' } = useParams();
  const navigate = useNavigate();
  const { currentData, isFetching, error } = useGetAdminProductsQuery(pageNumber);
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
      <Row className="align-items-center mb-3">
        <Col>
          <h1>Products</h1>
        </Col>
        <Col className="text-end">
          <Button variant="dark" disabled={isCreating} onClick={() => void handleCreate()}>
            Create Product
          </Button>
        </Col>
      </Row>
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
                  <th>
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {currentData.products.map((product) => (
                  <tr key={product._id}>
                    <td className="font-monospace small">{product._id}</td>
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
              <Message>There are no products on this page.</Message>
            )}
            <Paginate
              pages={currentData.pages}
              page={currentData.page}
              adminList="/admin/productlist"
            />
          </>
        )
      )}
    </>
  );
}

/**
 * The product's stock and variants under its name, the spec's columns left as they are: the
 * stock of the variants on offer together, and how many variants there are (a product without
 * options has one, implicit, not worth a mention).
 */
function StockSummary({ product }: { product: Product }) {
  const { countInStock, variantCount } = product;
  return (
    <div className="small text-body-secondary">
      {countInStock} in stock
      {variantCount > 1 && ` · ${variantCount} variants`}
    </div>
  );
}
