import { ORDER_SEARCH_MAX_LENGTH } from '@proshop/domain/order-search-schemas';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@proshop/domain/order-status';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router';
import { filterSearch, filterValues, type OrderFilterValues } from './order-filters.ts';

const LIST = '/admin/orderlist';

/**
 * The order list's search, STATUS filter, returns waiting and days of placing. Applying them puts
 * them in the address (`?q=&status=&returns=&from=&to=`, back and forward step through them) and
 * goes to page 1. Choosing a status or the return switch applies at once; the text and the days
 * on Search (or Enter).
 */
export function OrderFilters({ values }: { values: OrderFilterValues }) {
  const navigate = useNavigate();

  function apply(form: HTMLFormElement) {
    void navigate(LIST + filterSearch(filterValues(new FormData(form))));
  }
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    // Keyed by the filters: the fields show the address's, also after back or forward.
    <Form
      key={filterSearch(values)}
      role="search"
      aria-label="Orders"
      className="mb-3"
      onSubmit={handleSubmit}
    >
      <Row className="g-2 align-items-end">
        <Col xs={12} lg={4}>
          <Form.Group controlId="order-search">
            <Form.Label className="small mb-0">Search orders</Form.Label>
            <Form.Control
              type="search"
              name="q"
              size="sm"
              defaultValue={values.q ?? ''}
              maxLength={ORDER_SEARCH_MAX_LENGTH}
              placeholder="Order number, customer, e-mail or product"
            />
          </Form.Group>
        </Col>
        <Col xs={12} sm={4} lg={2}>
          <Form.Group controlId="order-status-filter">
            <Form.Label className="small mb-0">Status</Form.Label>
            <Form.Select
              size="sm"
              name="status"
              defaultValue={values.status ?? ''}
              onChange={(event) => {
                if (event.currentTarget.form) apply(event.currentTarget.form);
              }}
            >
              <option value="">All orders</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {ORDER_STATUS_LABELS[value]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} lg={2}>
          <Form.Group controlId="order-placed-from">
            <Form.Label className="small mb-0">Placed from</Form.Label>
            <Form.Control type="date" name="from" size="sm" defaultValue={values.from ?? ''} />
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} lg={2}>
          <Form.Group controlId="order-placed-to">
            <Form.Label className="small mb-0">Placed to</Form.Label>
            <Form.Control type="date" name="to" size="sm" defaultValue={values.to ?? ''} />
          </Form.Group>
        </Col>
        <Col xs={12} sm="auto">
          {/* A filter of its own: a return is waited on whatever the order's state. */}
          <Form.Check
            type="switch"
            id="order-returns-filter"
            name="returns"
            value="requested"
            label="Return requested"
            defaultChecked={values.returns === 'requested'}
            onChange={(event) => {
              if (event.currentTarget.form) apply(event.currentTarget.form);
            }}
          />
        </Col>
        <Col xs="auto" className="d-flex align-items-center gap-2">
          <Button type="submit" size="sm">
            Search
          </Button>
          {Object.keys(values).length > 0 && (
            <Link to={LIST} className="small">
              Clear filters
            </Link>
          )}
        </Col>
      </Row>
    </Form>
  );
}
