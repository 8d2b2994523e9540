import { countryName } from '@proshop/domain/countries';
import { formatMoney, toCents } from '@proshop/domain/money';
import type {
  ShippingMethod,
  ShippingSettings,
  ShippingZone,
  TaxClass,
  TaxRate,
} from '@proshop/domain/shipping-schemas';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { InlineError } from '../../components/InlineError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { shopCurrency } from '../../lib/shop-currency.ts';
import {
  useDeleteMethodMutation,
  useDeleteTaxRateMutation,
  useDeleteZoneMutation,
  useGetShippingSettingsQuery,
  useOrderZonesMutation,
  usePutTaxSettingsMutation,
} from './shipping-admin-api.ts';
import { estimateLabel, movedOrder, rateLabel } from './shipping-forms.ts';
import { ShippingMethodModal } from './ShippingMethodModal.tsx';
import { ShippingZoneModal } from './ShippingZoneModal.tsx';
import { TaxClassesSection } from './TaxClassesSection.tsx';
import { TaxRateModal } from './TaxRateModal.tsx';

/** The dialog open over the screen, if any. */
type Editing =
  | { kind: 'zone'; zone?: ShippingZone }
  | { kind: 'method'; zone: ShippingZone; method?: ShippingMethod }
  | { kind: 'rate'; zone: ShippingZone; taxClass: TaxClass; rate?: TaxRate };

type CallError = FetchBaseQueryError | SerializedError;

const money = (amount: number) => formatMoney(toCents(amount), shopCurrency);

/**
 * Admin, Settings: where the shop ships and what it charges (zones in the order addresses are
 * matched, each with its methods and tax rates), the tax classes, and whether catalogue prices
 * include tax (issue #38). Built for a phone first: each zone a card, each change in a dialog
 * that fills the screen there.
 */
export function ShippingSettingsScreen() {
  useDocumentTitle('Shipping & tax');
  return (
    <RequireAdmin>
      <ShippingSettingsPage />
    </RequireAdmin>
  );
}

function ShippingSettingsPage() {
  // Fresh on arrival: products change class elsewhere, which moves the classes' counts.
  const {
    currentData: settings,
    isFetching,
    error,
  } = useGetShippingSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<Editing>();
  const close = () => setEditing(undefined);

  return (
    <>
      <h1>Shipping &amp; tax</h1>
      {isFetching && !settings ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        settings && (
          <>
            <PricesIncludeTax value={settings.pricesIncludeTax} />
            <ZoneList settings={settings} onEdit={setEditing} />
            <TaxClassesSection taxClasses={settings.taxClasses} />
            {editing?.kind === 'zone' && (
              <ShippingZoneModal
                zone={editing.zone}
                taxClasses={settings.taxClasses}
                onClose={close}
              />
            )}
            {editing?.kind === 'method' && (
              <ShippingMethodModal zone={editing.zone} method={editing.method} onClose={close} />
            )}
            {editing?.kind === 'rate' && (
              <TaxRateModal
                zone={editing.zone}
                taxClass={editing.taxClass}
                rate={editing.rate}
                onClose={close}
              />
            )}
          </>
        )
      )}
    </>
  );
}

/** The shop-wide switch, saved as soon as it is flipped. */
function PricesIncludeTax({ value }: { value: boolean }) {
  const [save, { isLoading, error }] = usePutTaxSettingsMutation();
  return (
    <Form.Group className="mb-4" controlId="prices-include-tax">
      <Form.Check
        type="switch"
        label="Prices entered with tax"
        checked={value}
        disabled={isLoading}
        aria-describedby="prices-include-tax-hint"
        onChange={(event) => void save({ pricesIncludeTax: event.target.checked })}
      />
      <Form.Text id="prices-include-tax-hint" muted>
        {value
          ? 'On: catalogue prices include tax; the shopper sees the tax worked out of them ("incl. VAT").'
          : 'Off: catalogue prices are before tax; tax is added at checkout.'}
      </Form.Text>
      <InlineError error={error} />
    </Form.Group>
  );
}

/** The zones in match order, each a card; moving and deleting here, editing in dialogs. */
function ZoneList({
  settings,
  onEdit,
}: {
  settings: ShippingSettings;
  onEdit: (editing: Editing) => void;
}) {
  const { zones, taxClasses } = settings;
  const [orderZones, ordered] = useOrderZonesMutation();
  const [deleteZone, deletedZone] = useDeleteZoneMutation();
  const [deleteMethod, deletedMethod] = useDeleteMethodMutation();
  const [deleteRate, deletedRate] = useDeleteTaxRateMutation();
  // A refused change is shown in the card of the zone it was made on.
  const [failed, setFailed] = useState<{ zone: string; error: CallError }>();
  const busy =
    ordered.isLoading || deletedZone.isLoading || deletedMethod.isLoading || deletedRate.isLoading;

  async function run(zone: string, call: Promise<{ error?: CallError } | { data: unknown }>) {
    setFailed(undefined);
    const result = await call;
    if ('error' in result && result.error) setFailed({ zone, error: result.error });
  }

  const actions: ZoneActions = {
    move: (index, step) =>
      void run(
        zones[index]!._id,
        orderZones(
          movedOrder(
            zones.map((zone) => zone._id),
            index,
            step,
          ),
        ),
      ),
    deleteZone: (zone) => {
      if (!window.confirm(`Delete the zone ${zone.name} with its methods and rates?`)) return;
      void run(zone._id, deleteZone(zone._id));
    },
    deleteMethod: (zone, method) => {
      if (!window.confirm(`Delete the method ${method.name} of ${zone.name}?`)) return;
      void run(zone._id, deleteMethod(method._id));
    },
    deleteRate: (zone, rate, taxClass) => {
      if (!window.confirm(`Remove the ${taxClass.name} rate of ${zone.name}?`)) return;
      void run(zone._id, deleteRate(rate._id));
    },
    edit: onEdit,
  };

  return (
    <section aria-labelledby="zones-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="zones-heading" className="h4 mb-0">
          Shipping zones
        </h2>
        <Button variant="dark" onClick={() => onEdit({ kind: 'zone' })}>
          Add zone
        </Button>
      </div>
      <p className="text-body-secondary small mt-2">
        An address is served by the first zone, from the top, that covers it.
      </p>
      {zones.length === 0 && (
        <Message>There are no zones: no address can order until you add one.</Message>
      )}
      <ol className="list-unstyled" aria-label="Zones in match order">
        {zones.map((zone, index) => (
          <li key={zone._id} className="mb-3">
            <ZoneCard
              zone={zone}
              index={index}
              count={zones.length}
              taxClasses={taxClasses}
              busy={busy}
              error={failed?.zone === zone._id ? failed.error : undefined}
              actions={actions}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

interface ZoneActions {
  move: (index: number, step: -1 | 1) => void;
  deleteZone: (zone: ShippingZone) => void;
  deleteMethod: (zone: ShippingZone, method: ShippingMethod) => void;
  deleteRate: (zone: ShippingZone, rate: TaxRate, taxClass: TaxClass) => void;
  edit: (editing: Editing) => void;
}

interface ZoneCardProps {
  zone: ShippingZone;
  index: number;
  count: number;
  taxClasses: readonly TaxClass[];
  busy: boolean;
  error: CallError | undefined;
  actions: ZoneActions;
}

/** Where a zone serves, its methods and its rates, with the buttons that change them. */
function ZoneCard({ zone, index, count, taxClasses, busy, error, actions }: ZoneCardProps) {
  const headingId = `zone-${zone._id}-heading`;
  const shippingClass = taxClasses.find((taxClass) => taxClass._id === zone.shippingTaxClass);
  return (
    <article className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h5 text-break">
          <span className="text-body-secondary">{index + 1}.</span> {zone.name}
        </h3>
        <p className="mb-1">{zone.restOfWorld ? 'Rest of the world' : placesLabel(zone)}</p>
        <p className="small text-body-secondary mb-2">
          {shippingClass ? `Shipping taxed as ${shippingClass.name}` : 'Shipping untaxed'}
        </p>
        {/* One row of the zone's own buttons, wrapping on a narrow phone. */}
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button
            size="sm"
            variant="light"
            aria-label={`Move ${zone.name} up`}
            disabled={busy || index === 0}
            onClick={() => actions.move(index, -1)}
          >
            ↑ Up
          </Button>
          <Button
            size="sm"
            variant="light"
            aria-label={`Move ${zone.name} down`}
            disabled={busy || index === count - 1}
            onClick={() => actions.move(index, 1)}
          >
            ↓ Down
          </Button>
          <Button
            size="sm"
            variant="outline-dark"
            aria-label={`Edit zone ${zone.name}`}
            onClick={() => actions.edit({ kind: 'zone', zone })}
          >
            Edit zone
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete zone ${zone.name}`}
            disabled={busy}
            onClick={() => actions.deleteZone(zone)}
          >
            Delete zone
          </Button>
        </div>

        <h4 className="h6">Methods</h4>
        {zone.methods.length === 0 ? (
          <p className="small text-body-secondary">
            No methods: addresses here cannot order until you add one.
          </p>
        ) : (
          <ul className="list-group mb-2" aria-label={`Methods of ${zone.name}`}>
            {zone.methods.map((method) => (
              <li key={method._id} className="list-group-item d-flex flex-wrap gap-2">
                <div className="flex-grow-1">
                  <span className="fw-semibold">{method.name}</span>{' '}
                  {!method.active && <span className="badge text-bg-secondary">Inactive</span>}
                  <div className="small">{methodLabel(method)}</div>
                </div>
                <div className="d-flex gap-2 align-items-center">
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`Edit ${method.name} of ${zone.name}`}
                    onClick={() => actions.edit({ kind: 'method', zone, method })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete ${method.name} of ${zone.name}`}
                    disabled={busy}
                    onClick={() => actions.deleteMethod(zone, method)}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Button
          size="sm"
          variant="outline-dark"
          className="mb-3"
          aria-label={`Add method to ${zone.name}`}
          onClick={() => actions.edit({ kind: 'method', zone })}
        >
          Add method
        </Button>

        <h4 className="h6">Tax rates</h4>
        <ul className="list-group" aria-label={`Tax rates of ${zone.name}`}>
          {taxClasses.map((taxClass) => {
            const rate = zone.rates.find((each) => each.taxClass === taxClass._id);
            return (
              <li key={taxClass._id} className="list-group-item d-flex flex-wrap gap-2">
                <div className="flex-grow-1">
                  <span className="fw-semibold">{taxClass.name}</span>
                  <div className="small">{rate ? rateLabel(rate) : 'No rate: untaxed'}</div>
                </div>
                <div className="d-flex gap-2 align-items-center">
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`${rate ? 'Edit' : 'Set'} ${taxClass.name} rate of ${zone.name}`}
                    onClick={() => actions.edit({ kind: 'rate', zone, taxClass, rate })}
                  >
                    {rate ? 'Edit rate' : 'Set rate'}
                  </Button>
                  {rate && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Remove ${taxClass.name} rate of ${zone.name}`}
                      disabled={busy}
                      onClick={() => actions.deleteRate(zone, rate, taxClass)}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <InlineError error={error} />
      </div>
    </article>
  );
}

/** "France, Germany · regions FR-75 · postal codes 75, 69". */
function placesLabel(zone: ShippingZone): string {
  const parts = [zone.countries.map((code) => countryName(code)).join(', ')];
  if (zone.regions.length > 0) parts.push(`regions ${zone.regions.join(', ')}`);
  if (zone.postalPrefixes.length > 0) {
    parts.push(`postal codes starting ${zone.postalPrefixes.join(', ')}`);
  }
  return parts.join(' · ');
}

/** "$25.00 · free above $100.00 · 3–5 days", with a minimum order and weight bands when set. */
function methodLabel(method: ShippingMethod): string {
  const price =
    method.weightBands.length > 0
      ? method.weightBands
          .toSorted((a, b) => a.upToGrams - b.upToGrams)
          .map((band) => `${money(band.price)} up to ${band.upToGrams.toLocaleString('en-US')} g`)
          .join(', ')
      : money(method.price);
  const parts = [price];
  if (method.freeAbove !== null) parts.push(`free above ${money(method.freeAbove)}`);
  if (method.minOrder !== null) parts.push(`minimum order ${money(method.minOrder)}`);
  parts.push(estimateLabel(method));
  return parts.join(' · ');
}
