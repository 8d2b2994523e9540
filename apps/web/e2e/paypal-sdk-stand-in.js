/* global window, document */
/**
 * A stand-in for PayPal's JS SDK script (https://www.paypal.com/sdk/js) for browser tests, which
 * cannot reach PayPal. It is a plain script, not a module: like the real SDK it defines
 * `window.paypal` synchronously while it runs, which is what `@paypal/paypal-js` `loadScript`
 * (and `@paypal/react-paypal-js`) wait for.
 *
 * How it is meant to be used: the browser-test server is started with
 *   PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET = the REST stand-in's credentials,
 *   PAYPAL_API_BASE = the REST stand-in's address (apps/server/test/helpers/paypal-stand-in.ts),
 *   PAYPAL_SDK_URL  = `${that address}/sdk/js` (the REST stand-in serves this file there),
 * so the order page loads this script instead of PayPal's, with the usual query
 * (`?client-id=...&currency=USD&intent=capture`). The content security policy of the test server
 * must allow the stand-in's origin for scripts.
 *
 * What it does: `paypal.Buttons(options).render(container)` puts one real button, "PayPal
 * (stand-in)", into the container. Clicking it runs the same callbacks PayPal's popup would:
 * `options.createOrder({}, actions)` (the shop asks its server to create the PayPal order), then
 * `options.onApprove({ orderID, payerID: 'STANDIN' }, actions)` (the shop asks its server to
 * capture). There is no buyer window: the REST stand-in treats created orders as approved.
 * Errors go to `options.onError`; `actions.restart()` re-enables the button (as after
 * INSTRUMENT_DECLINED).
 */
(function defineStandIn() {
  var script = document.currentScript;
  var query = new URL(script && script.src ? script.src : window.location.href).searchParams;
  // The real SDK refuses to load without a client id; so does the stand-in, so a page that
  // forgets it fails here as it would in production.
  if (!query.get('client-id')) {
    console.error('PayPal SDK stand-in: the script address has no client-id');
    return;
  }

  function Buttons(options) {
    options = options || {};
    var button;
    var mounted;

    function label() {
      return options.fundingSource === 'card'
        ? 'Debit or Credit Card (stand-in)'
        : 'PayPal (stand-in)';
    }

    var actions = {
      restart: function restart() {
        if (button) button.disabled = false;
        return Promise.resolve();
      },
      order: {
        // The shop creates and captures on its server; a page calling these is a bug.
        create: function create() {
          return Promise.reject(new Error('The stand-in does not create orders in the browser'));
        },
        capture: function capture() {
          return Promise.reject(new Error('The stand-in does not capture in the browser'));
        },
      },
    };

    function pay() {
      button.disabled = true;
      var data = { paymentSource: options.fundingSource || 'paypal' };
      Promise.resolve()
        .then(function () {
          return options.createOrder ? options.createOrder(data, actions) : undefined;
        })
        .then(function (orderID) {
          if (!orderID) throw new Error('createOrder did not give a PayPal order id');
          return options.onApprove
            ? options.onApprove(
                { orderID: orderID, payerID: 'STANDIN', paymentSource: data.paymentSource },
                actions,
              )
            : undefined;
        })
        .catch(function (error) {
          if (button) button.disabled = false;
          if (options.onError) options.onError(error);
          else console.error(error);
        });
    }

    return {
      isEligible: function isEligible() {
        return true;
      },
      render: function render(container) {
        var element = typeof container === 'string' ? document.querySelector(container) : container;
        if (!element) return Promise.reject(new Error('PayPal SDK stand-in: no container'));
        button = document.createElement('button');
        button.type = 'button';
        button.textContent = label();
        button.className = 'btn btn-warning w-100 mb-2';
        button.setAttribute('data-paypal-stand-in', '');
        button.addEventListener('click', pay);
        mounted = element;
        element.appendChild(button);
        if (options.onInit) {
          options.onInit(
            {},
            {
              enable: function () {
                button.disabled = false;
                return Promise.resolve();
              },
              disable: function () {
                button.disabled = true;
                return Promise.resolve();
              },
            },
          );
        }
        return Promise.resolve();
      },
      close: function close() {
        if (button && mounted && button.parentNode === mounted) mounted.removeChild(button);
        button = undefined;
        return Promise.resolve();
      },
      updateProps: function updateProps(props) {
        Object.assign(options, props);
        return Promise.resolve();
      },
    };
  }

  window.paypal = {
    version: 'stand-in',
    Buttons: Buttons,
    FUNDING: { PAYPAL: 'paypal', CARD: 'card', PAYLATER: 'paylater', VENMO: 'venmo' },
  };
})();
