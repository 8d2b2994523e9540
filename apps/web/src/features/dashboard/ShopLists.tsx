import type { Dashboard } from '@proshop/domain/dashboard-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import { optionsLabel } from '@proshop/domain/variants';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { shopCurrency } from '../../lib/shop-currency.ts';

const money = (amount: number) => formatMoney(toCents(amount), shopCurrency);
const editPath = (productId: string) => `/admin/product/${productId}/edit`;

/** The period's best-selling products by what they sold for. */
export function TopProducts({ products }: { products: Dashboard['topProducts'] }) {
  return (
    <section aria-labelledby="top-products" className="mb-4">
      <h2 id="top-products" className="h4">
        Top products
      </h2>
      {products.length === 0 ? (
        <p className="text-body-secondary">Nothing was sold in this period.</p>
      ) : (
        <Table striped bordered size="sm" responsive>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="text-end">
                Units
              </th>
              <th scope="col" className="text-end">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.productId ?? `deleted:${product.name}`}>
                <td>
                  {product.productId ? (
                    <Link to={editPath(product.productId)}>{product.name}</Link>
                  ) : (
                    `${product.name} (deleted)`
                  )}
                </td>
                <td className="text-end">{product.units}</td>
                <td className="text-end">{money(product.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/** Paid orders not sent yet, whenever they were paid: how many, and the oldest. */
export function WaitingOrders({ waiting }: { waiting: Dashboard['waiting'] }) {
  return (
    <section aria-labelledby="waiting-orders" className="mb-4">
      <h2 id="waiting-orders" className="h4">
        Waiting to be sent
      </h2>
      <p>
        {waiting.count === 0
          ? 'Every paid order has been sent.'
          : `${waiting.count.toLocaleString('en-US')} paid ${waiting.count === 1 ? 'order' : 'orders'} not sent yet${waiting.count > waiting.oldest.length ? `; the ${waiting.oldest.length} oldest:` : ':'}`}
      </p>
      {waiting.oldest.length > 0 && (
        <ul className="list-unstyled">
          {waiting.oldest.map((order) => (
            <li key={order._id} className="mb-1">
              <Link to={`/order/${order._id}`}>{order.buyerName}</Link>, paid{' '}
              {order.paidAt.slice(0, 10)}, {money(order.totalPrice)}
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/orderlist">All orders</Link>
    </section>
  );
}

/** Variants on offer at or below their low-stock threshold, the fewest units first. */
export function LowStock({ lowStock }: { lowStock: Dashboard['lowStock'] }) {
  return (
    <section aria-labelledby="low-stock" className="mb-4">
      <h2 id="low-stock" className="h4">
        Low stock
      </h2>
      {lowStock.count === 0 ? (
        <p className="text-body-secondary">No product is low on stock.</p>
      ) : (
        <>
          <p>
            {lowStock.count.toLocaleString('en-US')}{' '}
            {lowStock.count === 1 ? 'variant is' : 'variants are'} at or below the threshold
            {lowStock.count > lowStock.variants.length
              ? `; the ${lowStock.variants.length} with the fewest units:`
              : ':'}
          </p>
          <Table striped bordered size="sm" responsive>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="text-end">
                  Units
                </th>
                <th scope="col" className="text-end">
                  Threshold
                </th>
              </tr>
            </thead>
            <tbody>
              {lowStock.variants.map((variant) => {
                const options = optionsLabel(variant.options);
                return (
                  <tr key={variant.variantId}>
                    <td>
                      <Link to={editPath(variant.productId)}>{variant.productName}</Link>
                      <div className="small text-body-secondary">
                        {options ? `${options} · ` : ''}SKU {variant.sku}
                      </div>
                    </td>
                    <td className="text-end">{variant.countInStock}</td>
                    <td className="text-end">{variant.threshold}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </>
      )}
      <Link to="/admin/productlist?lowStock=1">Products low on stock</Link>
    </section>
  );
}
