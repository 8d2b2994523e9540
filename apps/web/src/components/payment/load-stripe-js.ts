// Types only: Stripe.js itself is Stripe's script, loaded by a script tag on the payment screens
// (never bundled, never in the first load of `/`), as Stripe requires.
import type { Stripe, StripeConstructor } from '@stripe/stripe-js';

/** Stripe's part of GET /api/config/pay: the shop's publishable key and Stripe.js's address. */
export interface StripeJsConfig {
  publishableKey: string;
  jsUrl: string;
}

let loading: { src: string; promise: Promise<StripeConstructor> } | undefined;
const instances = new Map<string, Stripe>();

/**
 * Adds Stripe.js's script to the page once and resolves with `window.Stripe` when it has run. A
 * second call for the same address shares the first; a failed load removes its script tag so a
 * later call (the shopper retrying) loads it afresh.
 */
function loadStripeConstructor(src: string): Promise<StripeConstructor> {
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.stripeJs = '';
    const fail = (message: string) => {
      script.remove();
      if (loading?.promise === promise) loading = undefined;
      reject(new Error(message));
    };
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else fail('The Stripe script loaded but did not start.');
    });
    script.addEventListener('error', () => fail('The Stripe script could not be loaded.'));
    document.head.querySelector('script[data-stripe-js]')?.remove();
    document.head.appendChild(script);
  });
  loading = { src, promise };
  return promise;
}

/**
 * The Stripe object for the shop's publishable key, made once per key: Stripe.js keeps its
 * state (the card form's frames, 3-D Secure) per instance.
 */
export async function loadStripe({ publishableKey, jsUrl }: StripeJsConfig): Promise<Stripe> {
  const made = instances.get(publishableKey);
  if (made) return made;
  const stripe = (await loadStripeConstructor(jsUrl))(publishableKey);
  instances.set(publishableKey, stripe);
  return stripe;
}
