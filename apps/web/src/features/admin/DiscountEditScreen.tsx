import { DISCOUNT_KINDS, type DiscountKind } from '@proshop/domain/discounts';
import type { Discount, DiscountRequest } from '@proshop/domain/discount-schemas';
import { formatMoney, toCents } from '@proshop/domain/money';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  checkDraft,
  draftFromDiscount,
  emptyDraft,
  KIND_LABELS,
  moment,
  usesLabel,
  type DiscountDraft,
  type DraftField,
} from './discount-form.ts';
import {
  useCreateDiscountMutation,
  useGetDiscountOrdersQuery,
  useGetDiscountQuery,
  useSearchDiscountProductsQuery,
  useUpdateDiscountMutation,
} from './discounts-admin-api.ts';
import { useGetAdminProductQuery } from './product-admin-api.ts';
import { useGetTaxonomyListQuery } from './taxonomy-admin-api.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

const LIST_PATH = '/admin/discounts';

function GoBack() {
  return (
    <Link to={LIST_PATH} className="btn btn-light mb-3">
      Go Back
    </Link>
  );
}

/** Admin: a new discount code, from an empty form. */
export function DiscountCreateScreen() {
  useDocumentTitle('Create Discount');
  return (
    <RequireAdmin>
      <GoBack />
      <FormContainer>
        <h1>Create Discount</h1>
        <DiscountForm />
      </FormContainer>
    </RequireAdmin>
  );
}

/** Admin: a discount code's terms, and the orders that used it. */
export function DiscountEditScreen() {
  return (
    <RequireAdmin>
      <DiscountEdit />
    </RequireAdmin>
  );
}

function DiscountEdit() {
  useDocumentTitle('Edit Discount');
  const { id = '' } = useParams();
  // Fresh on arrival: payments elsewhere take uses.
  const {
    currentData: discount,
    isFetching,
    error,
  } = useGetDiscountQuery(id, { refetchOnMountOrArgChange: true });

  return (
    <>
      <GoBack />
      <FormContainer>
        <h1>Edit Discount</h1>
        {isFetching && !discount ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          // Keyed by the discount so the form starts from the discount it edits.
          discount && <DiscountForm key={discount._id} discount={discount} />
        )}
      </FormContainer>
      {discount && !error && <DiscountOrders discount={discount} />}
    </>
  );
}

/** A field's problem under a control that is not a TextField (switches, lists). */
function FieldError({ children }: { children: string | undefined }) {
  return children === undefined ? null : <div className="small text-danger mt-1">{children}</div>;
}

/** The create form without `discount`, the edit form with it. */
function DiscountForm({ discount }: { discount?: Discount }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<DiscountDraft>(
    discount ? draftFromDiscount(discount) : emptyDraft,
  );
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [createDiscount, { isLoading: isCreating, error: createError }] =
    useCreateDiscountMutation();
  const [updateDiscount, { isLoading: isUpdating, error: updateError }] =
    useUpdateDiscountMutation();
  const saveError = discount ? updateError : createError;

  function change<Field extends DraftField>(field: Field, value: DiscountDraft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** A TextField's value, change handler and problem for `field`. */
  const text = (field: Exclude<DraftField, 'kind' | 'firstOrderOnly' | 'active'>) => ({
    value: draft[field] as string,
    onChange: (value: string) => change(field, value),
    error: errors[field],
  });

  /** An on/off switch for `field`, with its problem under it. */
  const switchField = (field: 'firstOrderOnly' | 'active', label: string, controlId: string) => (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Check
        type="switch"
        label={label}
        checked={draft[field]}
        onChange={(event) => change(field, event.target.checked)}
      />
      <FieldError>{errors[field]}</FieldError>
    </Form.Group>
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own schema: what it would refuse is named here, by field, before sending.
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const body: DiscountRequest = checked.request;
    const result = discount
      ? await updateDiscount({ id: discount._id, body })
      : await createDiscount(body);
    if (!('error' in result)) void navigate(LIST_PATH);
  }

  const valueAddon =
    draft.kind === 'percentage' ? (
      <InputGroup.Text>%</InputGroup.Text>
    ) : (
      <InputGroup.Text>{shopCurrency}</InputGroup.Text>
    );

  return (
    <>
      {/* The server's refusals: a code taken (409), a product or category that is gone (400). */}
      {saveError && <Message variant="danger">{errorMessage(saveError)}</Message>}
      <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          controlId="discount-code"
          label="Code"
          autoComplete="off"
          maxLength={32}
          placeholder="SUMMER-10"
          {...text('code')}
          // Stored and compared upper-case: the field shows the code as shoppers will read it.
          onChange={(value) => change('code', value.toUpperCase())}
        />
        <Form.Group className="mb-3" controlId="discount-kind">
          <Form.Label>Kind</Form.Label>
          <Form.Select
            value={draft.kind}
            onChange={(event) => change('kind', event.target.value as DiscountKind)}
          >
            {DISCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {draft.kind !== 'free-shipping' && (
          <TextField
            controlId="discount-value"
            label="Value"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            addon={valueAddon}
            {...text('value')}
          />
        )}
        <TextField
          controlId="discount-min-subtotal"
          label="Minimum subtotal"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="None"
          addon={<InputGroup.Text>{shopCurrency}</InputGroup.Text>}
          {...text('minSubtotal')}
        />
        <TextField
          controlId="discount-starts-at"
          label="Starts at"
          type="datetime-local"
          {...text('startsAt')}
        />
        <TextField
          controlId="discount-ends-at"
          label="Ends at"
          type="datetime-local"
          {...text('endsAt')}
        />
        <TextField
          controlId="discount-usage-limit"
          label="Usage limit"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="No limit"
          {...text('usageLimit')}
        />
        <TextField
          controlId="discount-per-customer-limit"
          label="Uses per customer"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="No limit"
          {...text('perCustomerLimit')}
        />
        {switchField('firstOrderOnly', 'First order only', 'discount-first-order-only')}
        <ProductPicker
          selected={draft.productIds}
          onChange={(ids) => change('productIds', ids)}
          error={errors.productIds}
        />
        <CategoryPicker
          selected={draft.categoryIds}
          onChange={(ids) => change('categoryIds', ids)}
          error={errors.categoryIds}
        />
        {switchField('active', 'Active', 'discount-active')}
        <Button type="submit" variant="dark" disabled={isCreating || isUpdating}>
          {discount ? 'Update' : 'Create'}
        </Button>
      </Form>
    </>
  );
}

/** A bordered box of a form: a group of controls under one heading. */
function Fieldset({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <div className="form-text mt-0 mb-2">{hint}</div>
      {children}
    </fieldset>
  );
}

/**
 * The products the code is limited to: found by name through the catalogue's search, each added
 * or removed with its own button.
 */
function ProductPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  // Asked for when the admin searches, not as each letter is typed.
  const [keyword, setKeyword] = useState<string | null>(null);
  const {
    currentData: found,
    isFetching,
    error: searchError,
  } = useSearchDiscountProductsQuery(keyword ?? skipToken);
  const search = () => setKeyword(text.trim());

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter searches rather than sending the whole discount form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  }

  const results = found?.products.filter((product) => !selected.includes(product._id)) ?? [];

  return (
    <Fieldset legend="Only some products" hint="None chosen: the code applies to every product.">
      {selected.length > 0 && (
        <ul className="list-group mb-2" aria-label="Chosen products">
          {selected.map((id) => (
            <li key={id} className="list-group-item d-flex align-items-center gap-2">
              <ChosenProduct
                id={id}
                onRemove={() => onChange(selected.filter((each) => each !== id))}
              />
            </li>
          ))}
        </ul>
      )}
      <InputGroup size="sm">
        <Form.Control
          type="search"
          aria-label="Search products by name"
          placeholder="Search products by name"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        <Button variant="outline-secondary" onClick={search}>
          Search
        </Button>
      </InputGroup>
      {keyword !== null &&
        (isFetching && !found ? (
          <Loader />
        ) : searchError ? (
          <div className="small text-danger mt-1">{errorMessage(searchError)}</div>
        ) : (
          found && (
            <ul className="list-group mt-2" aria-label="Products found">
              {results.length === 0 ? (
                <li className="list-group-item small text-body-secondary">
                  No other products found
                </li>
              ) : (
                results.map((product) => (
                  <li key={product._id} className="list-group-item d-flex align-items-center gap-2">
                    <span className="flex-grow-1">{product.name}</span>
                    <Button
                      size="sm"
                      variant="outline-dark"
                      aria-label={`Add ${product.name}`}
                      onClick={() => onChange([...selected, product._id])}
                    >
                      Add
                    </Button>
                  </li>
                ))
              )}
            </ul>
          )
        ))}
      <FieldError>{error}</FieldError>
    </Fieldset>
  );
}

/** A chosen product by its name (asked for by id: an edited code has only its products' ids). */
function ChosenProduct({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { currentData: product, error } = useGetAdminProductQuery(id);
  const name = product?.name ?? (error ? 'A deleted product' : '...');
  return (
    <>
      <span className="flex-grow-1">{name}</span>
      <Button size="sm" variant="outline-danger" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </Button>
    </>
  );
}

/** The categories the code is limited to, each a checkbox. */
function CategoryPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const { data: categories, error: loadError } = useGetTaxonomyListQuery('category');
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((each) => each !== id));

  return (
    <Fieldset legend="Only some categories" hint="None chosen: the code applies to every category.">
      {loadError ? (
        <div className="small text-danger">{errorMessage(loadError)}</div>
      ) : !categories ? (
        <Loader />
      ) : categories.length === 0 ? (
        <div className="small text-body-secondary">No categories yet</div>
      ) : (
        // A long list scrolls inside its box.
        <div className="border rounded px-2 py-1 overflow-auto" style={{ maxHeight: '12rem' }}>
          {categories.map((category) => (
            <Form.Check
              key={category._id}
              id={`discount-category-${category._id}`}
              label={category.name}
              checked={selected.includes(category._id)}
              onChange={(event) => toggle(category._id, event.target.checked)}
            />
          ))}
        </div>
      )}
      <FieldError>{error}</FieldError>
    </Fieldset>
  );
}

/** The paid orders that used the code, and what it took off them in all. */
function DiscountOrders({ discount }: { discount: Discount }) {
  const { currentData, isFetching, error } = useGetDiscountOrdersQuery(discount._id, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <section className="mt-5" aria-labelledby="discount-orders-heading">
      <h2 id="discount-orders-heading" className="h4">
        Orders that used {discount.code}
      </h2>
      <p>
        Uses: {usesLabel(discount)} · Total discount given:{' '}
        <strong>{formatMoney(toCents(discount.totalDiscount), shopCurrency)}</strong>
      </p>
      {isFetching && !currentData ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : currentData && currentData.orders.length === 0 ? (
        <Message>No paid order has used this code yet.</Message>
      ) : (
        currentData && (
          <Table striped bordered hover responsive size="sm">
            <thead>
              <tr>
                <th>ORDER</th>
                <th>DATE</th>
                <th>BUYER</th>
                <th>DISCOUNT</th>
                <th>TOTAL</th>
                <th>USE</th>
              </tr>
            </thead>
            <tbody>
              {currentData.orders.map((order) => (
                <tr key={order._id}>
                  <td>
                    <Link to={`/order/${order._id}`}>{order._id}</Link>
                  </td>
                  <td className="text-nowrap">{moment(order.createdAt)}</td>
                  <td>{order.buyerName}</td>
                  <td>{formatMoney(toCents(order.discountPrice), order.currency)}</td>
                  <td>{formatMoney(toCents(order.totalPrice), order.currency)}</td>
                  {/* A cancelled or fully refunded order gave its use back. */}
                  <td>{order.useHeld ? 'Held' : 'Given back'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      )}
    </section>
  );
}
