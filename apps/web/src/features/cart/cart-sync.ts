import {
  createListenerMiddleware,
  isAnyOf,
  type SerializedError,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Cart } from '@proshop/domain/cart-schemas';
import { cartServerApi } from '../../state/cart-server.ts';
import {
  addItem,
  cartLoadRequested,
  foreignCartDropped,
  linesKey,
  removeItem,
  reset,
  selectCart,
  serverCartLoaded,
  serverCartVersion,
  type CartItem,
  type CartState,
} from '../../state/cart-slice.ts';
import { selectUserInfo, signedIn, type SessionState } from '../../state/session-slice.ts';
import { errorMessage } from '../../lib/error-message.ts';

/**
 * Keeps a signed-in shopper's cart with their account (docs/decisions/0026). One step, `sync`,
 * brings this browser and the account together, whatever asked for it (the app starting, the
 * cart screen, signing in, a change of the lines):
 * - lines of another account (kept by a session that ended) are dropped;
 * - a visitor's cart (no account yet) is merged into the account's;
 * - lines changed here since the last answer are saved, naming the version they were made on: a
 *   409 (changed elsewhere meanwhile) reloads the account's cart and says so;
 * - otherwise the account's cart is loaded, with its prices and stock of now.
 * The steps run one after another, so a save always names the version the one before answered.
 */
export const cartSync = createListenerMiddleware();

interface SyncState {
  cart: CartState;
  auth: SessionState;
}

type SyncDispatch = ThunkDispatch<SyncState, unknown, UnknownAction>;

interface SyncApi {
  getState: () => SyncState;
  dispatch: SyncDispatch;
}

const startListening = cartSync.startListening.withTypes<SyncState, SyncDispatch>();

/** Changes of the lines made in a row (a quantity picked twice) are saved once. */
const SAVE_DELAY_MS = 300;

let steps: Promise<void> = Promise.resolve();

function enqueue(api: SyncApi): Promise<void> {
  steps = steps.then(() => sync(api)).catch(() => {});
  return steps;
}

type CallResult = { data: Cart } | { error: FetchBaseQueryError | SerializedError };

/** Runs one call of the account's cart and drops its record from the API state. */
async function call(
  api: SyncApi,
  request:
    | { kind: 'load' }
    | {
        kind: 'merge';
        body: Parameters<typeof cartServerApi.endpoints.mergeServerCart.initiate>[0];
      }
    | { kind: 'save'; body: Parameters<typeof cartServerApi.endpoints.saveServerCart.initiate>[0] },
): Promise<CallResult> {
  const { endpoints } = cartServerApi;
  const pending =
    request.kind === 'load'
      ? api.dispatch(endpoints.loadServerCart.initiate())
      : request.kind === 'merge'
        ? api.dispatch(endpoints.mergeServerCart.initiate(request.body))
        : api.dispatch(endpoints.saveServerCart.initiate(request.body));
  const result = await pending;
  pending.reset();
  return result;
}

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error
    ? error.status
    : undefined;
}

/** The lines as the account's cart takes them (a variant only when there is one). */
function linesOf(items: readonly CartItem[]) {
  return items.map(({ product, variant, qty }) =>
    variant ? { product, variant, qty } : { product, qty },
  );
}

async function sync(api: SyncApi): Promise<void> {
  const owner = selectUserInfo(api.getState())?._id;
  if (!owner) return;
  const signedInStill = () => selectUserInfo(api.getState())?._id === owner;
  let { sync: known } = selectCart(api.getState());
  if (known && known.owner !== owner) {
    api.dispatch(foreignCartDropped());
    known = null;
  }
  const { cartItems } = selectCart(api.getState());
  const sent = linesKey(cartItems);
  const lines = linesOf(cartItems);
  const kind = !known
    ? lines.length > 0
      ? 'merge'
      : 'load'
    : sent !== known.lines
      ? 'save'
      : 'load';
  const result = await call(
    api,
    kind === 'merge'
      ? { kind, body: { cartItems: lines } }
      : kind === 'save'
        ? { kind, body: { cartItems: lines, version: known!.version } }
        : { kind },
  );
  if (!signedInStill()) return;

  if ('error' in result) {
    const status = statusOf(result.error);
    // Refused (changed elsewhere, or a line the shop no longer knows): the account's cart wins.
    // Anything else (offline, signed out) waits for the next change or screen.
    if (status !== 409 && status !== 400 && status !== 404) return;
    const fresh = await call(api, { kind: 'load' });
    if (!('data' in fresh) || !signedInStill()) return;
    api.dispatch(
      serverCartLoaded({
        owner,
        ...fresh.data,
        ...(status === 409 ? { notice: errorMessage(result.error) } : {}),
      }),
    );
    return;
  }
  const changedMeanwhile = linesKey(selectCart(api.getState()).cartItems) !== sent;
  if (!changedMeanwhile || kind === 'merge') {
    // A merge is taken whole even then: the account's lines it brought must not be lost.
    api.dispatch(serverCartLoaded({ owner, ...result.data }));
  } else if (kind === 'save') {
    // The lines changed again on top of those saved: the next save names this version. (After a
    // load, the next save names the version the lines were changed on, and may get a 409.)
    api.dispatch(
      serverCartVersion({
        owner,
        version: result.data.version,
        lines: linesKey(result.data.cartItems),
      }),
    );
  }
}

startListening({
  actionCreator: cartLoadRequested,
  effect: async (_action, api) => {
    if (selectUserInfo(api.getState())) await enqueue(api);
  },
});

startListening({
  actionCreator: signedIn,
  effect: async (action, api) => {
    // A profile update signs in again as the same user: nothing to merge.
    if (selectUserInfo(api.getOriginalState())?._id === action.payload._id) return;
    await enqueue(api);
  },
});

startListening({
  matcher: isAnyOf(addItem, removeItem, reset),
  effect: async (_action, api) => {
    if (!selectUserInfo(api.getState())) return;
    api.cancelActiveListeners();
    await api.delay(SAVE_DELAY_MS);
    await enqueue(api);
  },
});
