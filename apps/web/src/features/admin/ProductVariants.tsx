import { formatMoney, toCents } from '@proshop/domain/money';
import type { ProductDetail } from '@proshop/domain/product-schemas';
import { MAX_OPTIONS } from '@proshop/domain/variants';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Message } from '../../components/Message.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import { useSaveProductVariantsMutation } from './product-admin-api.ts';
import type { WeightedVariantsRequest } from './product-tax-fields.ts';
import { SingleVariantWeight } from './SingleVariantWeight.tsx';
import {
  productOptions,
  requestProblem,
  rowLabel,
  tableFromProduct,
  variantsRequest,
  withAllCombinations,
  withBulkEdit,
  withOptionAdded,
  withOptionRemoved,
  type BulkEdit,
  type OptionDraft,
  type VariantRow,
} from './variant-table.ts';

interface Status {
  variant: 'success' | 'danger';
  text: string;
}

interface ProductVariantsProps {
  product: ProductDetail;
  /**
   * When the product was last fetched: the table starts again from the server's variants then,
   * so that the variants a save created carry their ids into the next save.
   */
  version: number | undefined;
  /** The product is being fetched again: a save now would send rows without their new ids. */
  refreshing: boolean;
}

/**
 * The "Variants" section of the product edit screen: the product's options, one row per variant
 * (SKU, price, stock, picture, on or off), saved all together by "Save variants" apart from the
 * spec's form, whose Update leaves the screen.
 */
export function ProductVariants({ product, version, refreshing }: ProductVariantsProps) {
  const [saveVariants, { isLoading: isSaving }] = useSaveProductVariantsMutation();
  const [status, setStatus] = useState<Status>();

  async function handleSave(request: WeightedVariantsRequest, labels: readonly string[]) {
    // The server's own rules first, so the admin sees what is wrong without a round trip.
    const problem = requestProblem(request, labels);
    if (problem) {
      setStatus({ variant: 'danger', text: problem });
      return;
    }
    setStatus(undefined);
    const result = await saveVariants({ id: product._id, body: request });
    setStatus(
      'error' in result && result.error
        ? { variant: 'danger', text: errorMessage(result.error) }
        : {
            variant: 'success',
            // A product sold as one item saves only its weight here.
            text:
              product.options.length === 0 && request.options.length === 0
                ? 'Weight saved.'
                : 'Variants saved.',
          },
    );
  }

  return (
    <section aria-labelledby="product-variants-heading" className="mt-5">
      <h2 id="product-variants-heading">Variants</h2>
      <VariantEditor
        key={version}
        product={product}
        busy={isSaving || refreshing}
        onEdit={() => setStatus(undefined)}
        onSave={(request, labels) => void handleSave(request, labels)}
      />
      {/* Under the Save button, where the admin looks after pressing it. */}
      {status && (
        <div className="mt-3">
          <Message variant={status.variant}>{status.text}</Message>
        </div>
      )}
    </section>
  );
}

interface VariantEditorProps {
  product: ProductDetail;
  busy: boolean;
  /** Any change of the table: the last save's message no longer describes it. */
  onEdit: () => void;
  onSave: (request: WeightedVariantsRequest, labels: readonly string[]) => void;
}

function VariantEditor({ product, busy, onEdit, onSave }: VariantEditorProps) {
  const [nextKey] = useState(() => {
    let key = 0;
    return () => ++key;
  });
  const [initial] = useState(() => tableFromProduct(product, nextKey));
  const [drafts, setDrafts] = useState<OptionDraft[]>(initial.options);
  const [rows, setRows] = useState<VariantRow[]>(initial.rows);
  const [bulk, setBulk] = useState<BulkEdit>({ countInStock: '', price: '' });

  const hadOptions = product.options.length > 0;
  const options = productOptions(drafts);
  const labels = rows.map((row, index) => rowLabel(options, row, index));
  const selectedCount = rows.filter((row) => row.selected).length;

  function changeDrafts(change: (drafts: OptionDraft[]) => OptionDraft[]) {
    setDrafts(change);
    onEdit();
  }

  function changeRows(change: (rows: VariantRow[]) => VariantRow[]) {
    setRows(change);
    onEdit();
  }

  function changeRow(key: number, fields: Partial<VariantRow>) {
    changeRows((list) => list.map((row) => (row.key === key ? { ...row, ...fields } : row)));
  }

  function addOption() {
    changeDrafts((list) => [...list, { key: nextKey(), name: '', valuesText: '' }]);
    changeRows(withOptionAdded);
  }

  function removeOption(index: number) {
    changeDrafts((list) => list.filter((_, i) => i !== index));
    changeRows((list) => withOptionRemoved(list, index));
  }

  if (drafts.length === 0 && !hadOptions) {
    return (
      <>
        <p>
          This product has no options: it is sold as one item, and its stock is the Count In Stock
          above. Add options such as Size or Colour to sell it in several variants.
        </p>
        <SingleVariantWeight product={product} busy={busy} onSave={onSave} />
        <Button variant="outline-dark" onClick={addOption}>
          Add options
        </Button>
      </>
    );
  }

  return (
    <>
      <fieldset className="mb-3">
        <legend className="fs-5">Options</legend>
        <p className="text-body-secondary small">
          Up to {MAX_OPTIONS} options, such as Size or Colour, each with its values separated by
          commas.
          {!hadOptions &&
            ` Once saved, stock is kept per variant, and the product's present stock (${product.countInStock}) is not carried over.`}
        </p>
        {drafts.length > 0 && (
          // What the fields are once their placeholders are gone; screen readers have their labels.
          <div className="d-flex gap-2 small fw-semibold" aria-hidden="true">
            <span className="w-25">Name</span>
            <span>Values</span>
          </div>
        )}
        {drafts.map((draft, index) => (
          <div key={draft.key} className="d-flex gap-2 mb-2 align-items-start">
            <Form.Control
              aria-label={`Option ${index + 1}`}
              placeholder="Size"
              className="w-25"
              value={draft.name}
              onChange={(event) =>
                changeDrafts((list) =>
                  list.map((d) => (d.key === draft.key ? { ...d, name: event.target.value } : d)),
                )
              }
            />
            <Form.Control
              aria-label={`Values of option ${index + 1}`}
              placeholder="S, M, L"
              value={draft.valuesText}
              onChange={(event) =>
                changeDrafts((list) =>
                  list.map((d) =>
                    d.key === draft.key ? { ...d, valuesText: event.target.value } : d,
                  ),
                )
              }
            />
            <Button
              variant="light"
              aria-label={`Remove option ${draft.name.trim() || index + 1}`}
              onClick={() => removeOption(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        <div className="d-flex gap-2">
          <Button
            variant="outline-dark"
            size="sm"
            disabled={drafts.length >= MAX_OPTIONS}
            onClick={addOption}
          >
            Add option
          </Button>
          {drafts.length > 0 && (
            <Button
              variant="outline-dark"
              size="sm"
              onClick={() =>
                changeRows((list) => withAllCombinations(drafts, list, product.name, nextKey))
              }
            >
              Generate combinations
            </Button>
          )}
        </div>
      </fieldset>

      {drafts.length === 0 ? (
        <p>
          Without options the product is sold as one item again. Once saved, set its stock in Count
          In Stock above.
        </p>
      ) : (
        <>
          {selectedCount > 0 && (
            <div
              role="group"
              aria-label="Change the selected variants"
              // Kept in sight while the admin ticks rows further down a long table.
              className="sticky-top d-flex flex-wrap gap-2 align-items-center mb-2 p-2 bg-body-tertiary"
            >
              <span>{selectedCount} selected</span>
              <Form.Control
                type="number"
                min={0}
                step={1}
                size="sm"
                className="w-auto"
                aria-label="Stock for the selected"
                placeholder="Stock"
                value={bulk.countInStock}
                onChange={(event) => setBulk({ ...bulk, countInStock: event.target.value })}
              />
              <Form.Control
                type="number"
                min={0}
                step="0.01"
                size="sm"
                className="w-auto"
                aria-label="Price for the selected"
                placeholder="Price"
                value={bulk.price}
                onChange={(event) => setBulk({ ...bulk, price: event.target.value })}
              />
              <Button
                variant="dark"
                size="sm"
                disabled={!bulk.countInStock.trim() && !bulk.price.trim()}
                onClick={() => {
                  changeRows((list) => withBulkEdit(list, bulk));
                  setBulk({ countInStock: '', price: '' });
                }}
              >
                Apply to selected
              </Button>
              <Button
                variant="link"
                size="sm"
                onClick={() =>
                  changeRows((list) => list.map((row) => ({ ...row, selected: false })))
                }
              >
                Clear selection
              </Button>
            </div>
          )}
          <VariantTable
            product={product}
            drafts={drafts}
            rows={rows}
            labels={labels}
            onRowChange={changeRow}
            onSelectAll={(selected) =>
              changeRows((list) => list.map((row) => ({ ...row, selected })))
            }
            onRemove={(key) => changeRows((list) => list.filter((row) => row.key !== key))}
          />
          {rows.length === 0 && (
            <p>No variants yet: Generate combinations adds one for each combination of values.</p>
          )}
        </>
      )}

      <Button
        variant="dark"
        disabled={busy}
        onClick={() => onSave(variantsRequest(product._id, drafts, rows), labels)}
      >
        Save variants
      </Button>
    </>
  );
}

interface VariantTableProps {
  product: ProductDetail;
  drafts: readonly OptionDraft[];
  rows: readonly VariantRow[];
  labels: readonly string[];
  onRowChange: (key: number, fields: Partial<VariantRow>) => void;
  onSelectAll: (selected: boolean) => void;
  onRemove: (key: number) => void;
}

function VariantTable({
  product,
  drafts,
  rows,
  labels,
  onRowChange,
  onSelectAll,
  onRemove,
}: VariantTableProps) {
  const options = productOptions(drafts);
  const allSelected = rows.length > 0 && rows.every((row) => row.selected);
  return (
    // On a phone each variant is a card of named fields, each field as wide as the card.
    <Table bordered hover responsive size="sm" className="align-middle admin-cards">
      <thead>
        <tr>
          <th>
            <Form.Check
              aria-label="Select all variants"
              checked={allSelected}
              disabled={rows.length === 0}
              onChange={(event) => onSelectAll(event.target.checked)}
            />
          </th>
          {drafts.map((draft, index) => (
            <th key={draft.key}>{draft.name.trim() || `Option ${index + 1}`}</th>
          ))}
          <th>SKU</th>
          <th>Price</th>
          <th>Stock</th>
          <th>Weight (g)</th>
          <th>Picture</th>
          <th>On</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => {
          const label = labels[rowIndex]!;
          return (
            <tr key={row.key}>
              <td className="admin-card-title">
                <Form.Check
                  aria-label={`Select ${label}`}
                  checked={row.selected}
                  onChange={(event) => onRowChange(row.key, { selected: event.target.checked })}
                />
                {/* On a phone the card is titled with the variant it is. */}
                <span className="d-md-none" aria-hidden="true">
                  {label}
                </span>
              </td>
              {options.map((option, index) => {
                const value = row.values[index] ?? '';
                // A value the option no longer lists stays shown until the admin picks another.
                const choices =
                  value && !option.values.includes(value)
                    ? [...option.values, value]
                    : option.values;
                return (
                  <td key={drafts[index]!.key} data-label={option.name || `Option ${index + 1}`}>
                    <Form.Select
                      size="sm"
                      aria-label={`${option.name || `Option ${index + 1}`} of variant ${rowIndex + 1}`}
                      value={value}
                      onChange={(event) =>
                        onRowChange(row.key, {
                          values: row.values.map((v, i) => (i === index ? event.target.value : v)),
                        })
                      }
                    >
                      <option value="">Choose…</option>
                      {[...new Set(choices)].map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                );
              })}
              <td data-label="SKU">
                <Form.Control
                  size="sm"
                  aria-label={`SKU of ${label}`}
                  value={row.sku}
                  onChange={(event) => onRowChange(row.key, { sku: event.target.value })}
                />
              </td>
              <td data-label="Price">
                <Form.Control
                  size="sm"
                  type="number"
                  min={0}
                  step="0.01"
                  aria-label={`Price of ${label}`}
                  // Blank is the product's own price, which the placeholder shows, written out.
                  placeholder={formatMoney(toCents(product.price), shopCurrency)}
                  value={row.price}
                  onChange={(event) => onRowChange(row.key, { price: event.target.value })}
                />
              </td>
              <td data-label="Stock">
                <Form.Control
                  size="sm"
                  type="number"
                  min={0}
                  step={1}
                  aria-label={`Stock of ${label}`}
                  value={row.countInStock}
                  onChange={(event) => onRowChange(row.key, { countInStock: event.target.value })}
                />
              </td>
              <td data-label="Weight (g)">
                <Form.Control
                  size="sm"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  aria-label={`Weight (g) of ${label}`}
                  placeholder="Not given"
                  value={row.weightGrams}
                  onChange={(event) => onRowChange(row.key, { weightGrams: event.target.value })}
                />
              </td>
              <td data-label="Picture">
                <PictureSelect
                  pictures={product.images}
                  label={`Picture of ${label}`}
                  value={row.image}
                  onChange={(image) => onRowChange(row.key, { image })}
                />
              </td>
              <td data-label="On">
                <Form.Check
                  type="switch"
                  aria-label={`Offer ${label}`}
                  checked={row.active}
                  onChange={(event) => onRowChange(row.key, { active: event.target.checked })}
                />
              </td>
              <td className="table-actions">
                <Button
                  variant="light"
                  size="sm"
                  aria-label={`Remove ${label}`}
                  onClick={() => onRemove(row.key)}
                >
                  Remove
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

interface PictureSelectProps {
  /** The product's saved pictures, the main one first. */
  pictures: readonly string[];
  label: string;
  /** '' for the main picture. */
  value: string;
  onChange: (image: string) => void;
}

/** A variant's picture: one of the product's, by its place, or the main one. */
function PictureSelect({ pictures, label, value, onChange }: PictureSelectProps) {
  const others = pictures.slice(1);
  const unlisted = value !== '' && !others.includes(value);
  return (
    <Form.Select
      size="sm"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Main picture</option>
      {others.map((picture, index) => (
        <option key={picture} value={picture}>
          Picture {index + 2}
        </option>
      ))}
      {unlisted && (
        <option value={value}>
          {value === pictures[0] ? 'Picture 1' : 'A picture the product no longer has'}
        </option>
      )}
    </Form.Select>
  );
}
