/* global window, document, fetch, URLSearchParams */
// A stand-in for Stripe.js (https://js.stripe.com/v3/) for the browser tests, which cannot reach
// Stripe. The Stripe REST stand-in (apps/server/test/helpers/stripe-stand-in.ts) serves this file
// at /v3/, and this script talks back to the address it was loaded from, with the publishable
// key and the client secret only, as Stripe.js does (docs/stripe-contract.md, "Browser-side").
//
// What it offers is the part of Stripe.js the shop uses: Stripe(publishableKey) →
// elements({ clientSecret }) → create('payment') → mount / unmount / destroy; confirmPayment
// ({ elements, redirect, confirmParams: { return_url } }) and retrievePaymentIntent(clientSecret),
// each resolving with { paymentIntent } or { error } and never rejecting for a refused card. The
// "Payment Element" is a plain form with labelled inputs, and the 3-D Secure step is a small
// dialog in the page whose two buttons tell the stand-in how the bank answered.
(function () {
  'use strict';

  var script = document.currentScript;
  var origin = new URL(script && script.src ? script.src : window.location.href).origin;

  var AUTHENTICATION_FAILED =
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

  /** `pi_123_secret_abc` names the intent `pi_123`. */
  function intentIdOf(clientSecret) {
    var at = String(clientSecret).indexOf('_secret_');
    return at > 0 ? String(clientSecret).slice(0, at) : String(clientSecret);
  }

  function connectionError() {
    return {
      error: {
        type: 'api_connection_error',
        message: 'We could not reach Stripe. Check your connection and try again.',
      },
    };
  }

  /** One call to the stand-in: its JSON, as { paymentIntent } or { error }. */
  function ask(path, init) {
    return fetch(origin + path, init).then(
      function (response) {
        return response.json().then(
          function (body) {
            if (!response.ok || (body && body.error)) {
              return {
                error: (body && body.error) || {
                  type: 'api_error',
                  message: 'Stripe answered ' + response.status + '.',
                },
              };
            }
            return { paymentIntent: body };
          },
          function () {
            return {
              error: { type: 'api_error', message: 'Stripe answered ' + response.status + '.' },
            };
          },
        );
      },
      function () {
        return connectionError();
      },
    );
  }

  function retrieve(publishableKey, clientSecret) {
    var query = new URLSearchParams({ client_secret: clientSecret, key: publishableKey });
    return ask(
      '/v1/payment_intents/' +
        encodeURIComponent(intentIdOf(clientSecret)) +
        '?' +
        query.toString(),
      {
        method: 'GET',
      },
    );
  }

  /** The error Stripe.js gives for an intent sent back to requires_payment_method. */
  function errorOfIntent(intent) {
    var last = intent.last_payment_error || {};
    var error = {
      type: last.type || 'card_error',
      code: last.code,
      decline_code: last.decline_code,
      message:
        last.message ||
        (last.code === 'payment_intent_authentication_failure'
          ? AUTHENTICATION_FAILED
          : 'Your card was declined.'),
      payment_intent: intent,
    };
    return { error: error };
  }

  // ---- The card form ------------------------------------------------------------------------

  var formCount = 0;

  function field(id, label, attributes) {
    var wrapper = document.createElement('div');
    wrapper.style.cssText = 'display:flex;flex-direction:column;gap:2px;min-width:0;flex:1 1 0';
    var caption = document.createElement('label');
    caption.htmlFor = id;
    caption.textContent = label;
    caption.style.cssText = 'font-size:0.875rem';
    var input = document.createElement('input');
    input.id = id;
    input.type = 'text';
    input.style.cssText =
      'width:100%;box-sizing:border-box;min-height:44px;padding:6px 10px;border:1px solid #8a8f98;border-radius:6px;font:inherit';
    Object.keys(attributes).forEach(function (name) {
      input.setAttribute(name, attributes[name]);
    });
    wrapper.appendChild(caption);
    wrapper.appendChild(input);
    return { wrapper: wrapper, input: input };
  }

  function PaymentElement(elements) {
    this._elements = elements;
    this._root = null;
    this._number = null;
    this._handlers = {};
  }

  PaymentElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('Stripe stand-in: nothing to mount the card form into.');
    this.unmount();
    formCount += 1;
    var prefix = 'stand-in-card-' + formCount;
    var root = document.createElement('div');
    root.setAttribute('data-stripe-stand-in', 'payment-element');
    root.style.cssText = 'display:flex;flex-direction:column;gap:8px';
    var number = field(prefix + '-number', 'Card number', {
      inputmode: 'numeric',
      autocomplete: 'cc-number',
      placeholder: '1234 1234 1234 1234',
    });
    var row = document.createElement('div');
    row.style.cssText = 'display:flex;gap:8px';
    var expiry = field(prefix + '-expiry', 'Expiry date', {
      inputmode: 'numeric',
      autocomplete: 'cc-exp',
      placeholder: 'MM / YY',
    });
    var cvc = field(prefix + '-cvc', 'Security code', {
      inputmode: 'numeric',
      autocomplete: 'cc-csc',
      placeholder: 'CVC',
    });
    row.appendChild(expiry.wrapper);
    row.appendChild(cvc.wrapper);
    root.appendChild(number.wrapper);
    root.appendChild(row);
    host.appendChild(root);
    this._root = root;
    this._number = number.input;
    this._expiry = expiry.input;
    this._cvc = cvc.input;
    this._emit('ready', { elementType: 'payment' });
  };

  PaymentElement.prototype.unmount = function () {
    if (this._root) this._root.remove();
    this._root = null;
  };

  PaymentElement.prototype.destroy = function () {
    this.unmount();
    if (this._elements._element === this) this._elements._element = null;
  };

  PaymentElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };

  PaymentElement.prototype.off = function (event, handler) {
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };

  PaymentElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).forEach(function (handler) {
      setTimeout(function () {
        handler(payload);
      }, 0);
    });
  };

  PaymentElement.prototype._card = function () {
    return {
      number: this._number ? this._number.value.replace(/\s+/g, '') : '',
      expiry: this._expiry ? this._expiry.value : '',
      cvc: this._cvc ? this._cvc.value : '',
    };
  };

  function Elements(clientSecret) {
    this._clientSecret = clientSecret;
    this._element = null;
  }

  Elements.prototype.create = function (type) {
    if (type !== 'payment') throw new Error('Stripe stand-in: only the Payment Element is played.');
    if (this._element)
      throw new Error('Stripe stand-in: this Elements group has its Payment Element already.');
    this._element = new PaymentElement(this);
    return this._element;
  };

  Elements.prototype.getElement = function (type) {
    return type === 'payment' ? this._element : null;
  };

  // ---- 3-D Secure -----------------------------------------------------------------------------

  /** The bank's question, in the page: resolves once the stand-in heard the shopper's answer. */
  function authenticate(intentId) {
    return new Promise(function (resolve) {
      var backdrop = document.createElement('div');
      backdrop.style.cssText =
        'position:fixed;inset:0;z-index:2000;background:rgba(0,0,0,0.5);display:flex;align-items:center;justify-content:center;padding:16px';
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'stand-in-3ds-title');
      dialog.style.cssText =
        'background:#fff;color:#212529;border-radius:8px;padding:16px;max-width:360px;width:100%;box-sizing:border-box;display:flex;flex-direction:column;gap:12px';
      var title = document.createElement('h2');
      title.id = 'stand-in-3ds-title';
      title.textContent = '3-D Secure (stand-in)';
      title.style.cssText = 'font-size:1.25rem;margin:0';
      var text = document.createElement('p');
      text.textContent = 'Your bank asks you to confirm this payment.';
      text.style.margin = '0';
      dialog.appendChild(title);
      dialog.appendChild(text);

      function choose(result) {
        buttons.forEach(function (button) {
          button.disabled = true;
        });
        fetch(origin + '/__stand-in/3ds/' + encodeURIComponent(intentId), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ result: result }),
        })
          .catch(function () {})
          .then(function () {
            backdrop.remove();
            resolve();
          });
      }

      var buttons = [
        ['Complete authentication', 'pass'],
        ['Fail authentication', 'fail'],
      ].map(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[0];
        button.style.cssText =
          'min-height:44px;padding:8px 12px;border-radius:6px;border:1px solid #212529;background:' +
          (choice[1] === 'pass' ? '#212529;color:#fff' : '#fff;color:#212529');
        button.addEventListener('click', function () {
          choose(choice[1]);
        });
        dialog.appendChild(button);
        return button;
      });
      backdrop.appendChild(dialog);
      document.body.appendChild(backdrop);
      buttons[0].focus();
    });
  }

  // ---- Stripe(publishableKey) -----------------------------------------------------------------

  function StripeStandIn(publishableKey) {
    if (!(this instanceof StripeStandIn)) return new StripeStandIn(publishableKey);
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Stripe stand-in: a publishable key (pk_...) is needed.');
    }
    this._key = publishableKey;
  }

  StripeStandIn.prototype.elements = function (options) {
    if (!options || !options.clientSecret) {
      throw new Error('Stripe stand-in: elements() needs the PaymentIntent client secret.');
    }
    return new Elements(options.clientSecret);
  };

  StripeStandIn.prototype.retrievePaymentIntent = function (clientSecret) {
    return retrieve(this._key, clientSecret);
  };

  StripeStandIn.prototype.confirmPayment = function (options) {
    var key = this._key;
    var elements = options && options.elements;
    var clientSecret = (options && options.clientSecret) || (elements && elements._clientSecret);
    var element = elements && elements._element;
    if (!clientSecret || !element) {
      return Promise.resolve({
        error: { type: 'invalid_request_error', message: 'The card form is not on the page.' },
      });
    }
    var card = element._card();
    if (!card.number) {
      return Promise.resolve({
        error: {
          type: 'validation_error',
          code: 'incomplete_number',
          message: 'Your card number is incomplete.',
        },
      });
    }
    var params = (options && options.confirmParams) || {};
    var intentId = intentIdOf(clientSecret);
    var body = new URLSearchParams();
    body.set('key', key);
    body.set('client_secret', clientSecret);
    body.set('payment_method_data[type]', 'card');
    body.set('payment_method_data[card][number]', card.number);
    body.set('payment_method_data[card][exp]', card.expiry);
    body.set('payment_method_data[card][cvc]', card.cvc);
    if (params.return_url) body.set('return_url', params.return_url);

    return ask('/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    })
      .then(function (answer) {
        if (answer.error || answer.paymentIntent.status !== 'requires_action') return answer;
        return authenticate(intentId).then(function () {
          return retrieve(key, clientSecret);
        });
      })
      .then(function (answer) {
        if (answer.error) return answer;
        var intent = answer.paymentIntent;
        if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
          return errorOfIntent(intent);
        }
        // Stripe.js leaves the page only when it must; a card never has to here, so `always`
        // sends the shopper to the return address as a bank's page would.
        if (options.redirect !== 'if_required' && params.return_url) {
          var back = new URL(params.return_url, window.location.href);
          back.searchParams.set('payment_intent', intent.id);
          back.searchParams.set('payment_intent_client_secret', clientSecret);
          back.searchParams.set(
            'redirect_status',
            intent.status === 'requires_payment_method' ? 'failed' : 'succeeded',
          );
          window.location.assign(back.href);
          return new Promise(function () {});
        }
        return answer;
      });
  };

  window.Stripe = StripeStandIn;
})();
