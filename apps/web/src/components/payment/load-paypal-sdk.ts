import type { PayConfig } from '@proshop/domain/order-schemas';

/** The parts of PayPal's browser SDK the order page uses: `paypal.Buttons` and its callbacks. */
export interface PayPalApproveData {
  orderID: string;
  payerID?: string | null;
}

export interface PayPalActions {
  /** Lets the buyer approve again with another funding source (after INSTRUMENT_DECLINED). */
  restart?: () => Promise<void>;
}

export interface PayPalButtonsOptions {
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData, actions: PayPalActions) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
  style?: Record<string, string | number | boolean>;
}

export interface PayPalButtonsInstance {
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
  isEligible?(): boolean;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** The script address with the query PayPal's SDK (and its stand-in) expect. */
export function paypalSdkSrc(config: Pick<PayConfig, 'sdkUrl' | 'clientId' | 'currency'>): string {
  const query = new URLSearchParams({
    'client-id': config.clientId,
    currency: config.currency,
    intent: 'capture',
    components: 'buttons',
  });
  return `${config.sdkUrl}?${query.toString()}`;
}

let loading: { src: string; promise: Promise<PayPalNamespace> } | undefined;

/**
 * Adds PayPal's script to the page once and resolves with `window.paypal` when it has run. A
 * second call for the same address shares the first; a failed load removes its script tag so a
 * later call (the shopper retrying) loads it afresh.
 */
export function loadPayPalSdk(
  config: Pick<PayConfig, 'sdkUrl' | 'clientId' | 'currency'>,
): Promise<PayPalNamespace> {
  const src = paypalSdkSrc(config);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.paypalSdk = '';
    const fail = (message: string) => {
      script.remove();
      if (loading?.promise === promise) loading = undefined;
      reject(new Error(message));
    };
    script.addEventListener('load', () => {
      if (window.paypal) resolve(window.paypal);
      else fail('The PayPal script loaded but did not start.');
    });
    script.addEventListener('error', () => fail('The PayPal script could not be loaded.'));
    document.head.querySelector('script[data-paypal-sdk]')?.remove();
    document.head.appendChild(script);
  });
  loading = { src, promise };
  return promise;
}
