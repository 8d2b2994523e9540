import type { Discount } from '@proshop/domain/discount-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { RowActions, RowActionsHeader } from '../../components/RowActions.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  datesLabel,
  discountStatus,
  KIND_SHORT_LABELS,
  requestFromDiscount,
  STATUS_VARIANTS,
  usesLabel,
  valueLabel,
} from './discount-form.ts';
import {
  useDeleteDiscountMutation,
  useGetDiscountsQuery,
  useUpdateDiscountMutation,
} from './discounts-admin-api.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** Admin: every discount code with its uses and status; create, edit, deactivate, delete. */
export function DiscountListScreen() {
  useDocumentTitle('Discounts');
  return (
    <RequireAdmin>
      <DiscountList />
    </RequireAdmin>
  );
}

function DiscountList() {
  // Fresh on arrival: payments elsewhere take uses and add to the discount given.
  const {
    currentData: discounts,
    isFetching,
    error,
  } = useGetDiscountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateDiscount, { isLoading: isUpdating, error: updateError, reset: clearUpdate }] =
    useUpdateDiscountMutation();
  const [
    deleteDiscount,
    { data: deleted, isLoading: isDeleting, error: deleteError, reset: clearDelete },
  ] = useDeleteDiscountMutation();
  const now = new Date();

  function handleToggle(discount: Discount) {
    clearDelete();
    void updateDiscount({
      id: discount._id,
      body: requestFromDiscount(discount, { active: !discount.active }),
    });
  }

  function handleDelete(discount: Discount) {
    // The server keeps a code that orders need, switched off (issue #35): the admin is told first.
    const question =
      discount.uses > 0
        ? `Delete the discount code ${discount.code}? It has been used, so it will be deactivated instead: its orders keep their discount and its uses stay counted.`
        : `Delete the discount code ${discount.code}? If orders placed with it are waiting to be paid, it will be deactivated instead.`;
    if (!window.confirm(question)) return;
    clearUpdate();
    void deleteDiscount(discount._id);
  }

  const changeError = updateError ?? deleteError;

  return (
    <>
      <Row className="align-items-center">
        <Col>
          <h1>Discounts</h1>
        </Col>
        <Col xs="auto">
          <Link to="/admin/discounts/new" className="btn btn-dark my-3">
            Create Discount
          </Link>
        </Col>
      </Row>
      {changeError && <Message variant="danger">{errorMessage(changeError)}</Message>}
      {deleted?.deactivated && <Message variant="info">{deleted.message}</Message>}
      {isFetching && !discounts ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        discounts && (
          <>
            {/* Eight columns: on a phone each row is a card of its fields (admin-shell.css). */}
            <Table striped bordered hover responsive size="sm" className="admin-cards">
              <thead>
                <tr>
                  <th>CODE</th>
                  <th>KIND</th>
                  <th>VALUE</th>
                  <th>USES</th>
                  <th>DATES</th>
                  <th>STATUS</th>
                  <th>DISCOUNT GIVEN</th>
                  <RowActionsHeader />
                </tr>
              </thead>
              <tbody>
                {discounts.map((discount) => {
                  const status = discountStatus(discount, now);
                  return (
                    <tr key={discount._id}>
                      <td className="text-nowrap admin-card-title">{discount.code}</td>
                      <td data-label="KIND">{KIND_SHORT_LABELS[discount.kind]}</td>
                      <td className="text-nowrap" data-label="VALUE">
                        {valueLabel(discount, shopCurrency)}
                      </td>
                      <td className="text-nowrap" data-label="USES">
                        {usesLabel(discount)}
                      </td>
                      <td data-label="DATES">{datesLabel(discount)}</td>
                      <td data-label="STATUS">
                        {/* text-bg-*: a text colour that reads on each badge's colour. */}
                        <span className={`badge text-bg-${STATUS_VARIANTS[status]}`}>{status}</span>
                      </td>
                      <td data-label="DISCOUNT GIVEN">
                        {formatMoney(toCents(discount.totalDiscount), shopCurrency)}
                      </td>
                      <RowActions
                        name={discount.code}
                        editTo={`/admin/discount/${discount._id}/edit`}
                        onDelete={() => handleDelete(discount)}
                        deleting={isDeleting}
                      >
                        <Button
                          variant="outline-secondary"
                          size="sm"
                          className="me-2"
                          aria-label={`${discount.active ? 'Deactivate' : 'Activate'} ${discount.code}`}
                          disabled={isUpdating}
                          onClick={() => handleToggle(discount)}
                        >
                          {discount.active ? 'Deactivate' : 'Activate'}
                        </Button>
                      </RowActions>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            {discounts.length === 0 && <Message>There are no discount codes yet.</Message>}
          </>
        )
      )}
    </>
  );
}
