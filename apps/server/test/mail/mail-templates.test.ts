// Every e-mail the shop sends, rendered with fixed sample data (the ones `npm run mail:preview`
// writes): its HTML and text parts are compared with the files under __snapshots__/mail, so a
// change to any e-mail shows in review. The checks below state what each must keep whatever
// its wording: branding, dark mode, the phone width, absolute pictures, escaped text.
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_BRAND,
  SAMPLE_ORDER,
  sampleMails,
} from '../../src/commands/mail-preview/sample-mails.ts';
import { html, trusted } from '../../src/modules/mail/templates/html.ts';
import { receiptEmail } from '../../src/modules/orders/order-emails.ts';

const mails = Object.entries(sampleMails());

describe('the html template tag', () => {
  it('escapes every value placed in it, lists included, and keeps only what is marked safe', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    // Called under another name: Prettier would reformat the markup of an `html` template.
    const tag = html;
    const built = tag`<p title="${name}">${name}${[name, tag`<b>${name}</b>`]}${trusted('<br>')}</p>`;
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;';
    expect(built.markup).toBe(
      `<p title="${escaped}">${escaped}${escaped}<b>${escaped}</b><br></p>`,
    );
    expect(html`${null}${undefined}${false}${0}`.markup).toBe('0');
  });
});

describe('every e-mail, with sample data', () => {
  it('covers each e-mail the shop sends', () => {
    expect(mails.map(([name]) => name).sort()).toEqual([
      'account-changed',
      'back-in-stock',
      'cancelled',
      'delivered',
      'email-change-confirmation',
      'email-confirmation',
      'guest-order-link',
      'guest-receipt',
      'low-stock',
      'password-reset-code',
      'receipt',
      'refund',
      'return-declined',
      'return-received',
      'sent',
      'sent-after-refund',
      'shop-alert',
    ]);
  });

  for (const [name, mail] of mails) {
    describe(name, () => {
      it('matches its HTML and text snapshots', async () => {
        await expect(mail.html).toMatchFileSnapshot(`../__snapshots__/mail/${name}.html`);
        await expect(`Subject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(
          `../__snapshots__/mail/${name}.txt`,
        );
      });

      it('is branded, readable in dark mode and on a phone, with absolute pictures', () => {
        expect(mail.subject).toMatch(/^ProShop: /);
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain('<meta name="color-scheme" content="light dark" />');
        expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
        expect(mail.html).toContain('max-width: 600px');
        expect(mail.html).toContain(`src="${SAMPLE_BRAND.logoUrl}"`);
        for (const [, src] of mail.html.matchAll(/src="([^"]*)"/g)) {
          expect(src).toMatch(/^https:\/\//);
        }
        for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) {
          expect(href).toMatch(/^https:\/\//);
        }
        expect(mail.text).not.toMatch(/<(p|a|table|td|br|img|strong)\b/);
      });
    });
  }

  it('shows the order with its lines, pictures, totals and link, the buyer’s text escaped', () => {
    const receipt = Object.fromEntries(mails).receipt!;
    expect(receipt.html).toContain('Zoë &lt;Tester&gt; &amp; Co');
    expect(receipt.html).not.toContain('<Tester>');
    expect(receipt.html).toContain('1 &quot;Quoted&quot; Lane');
    expect(receipt.html).toContain('src="https://shop.example/images/backpack-green-160.webp"');
    expect(receipt.html).toContain('src="https://cdn.example/desk-lamp.webp"');
    expect(receipt.html).toContain(`href="https://shop.example/order/${SAMPLE_ORDER._id}"`);
    for (const shown of ['Travel Backpack — Colour: Green', '$79.99', '$49.00', '$133.51']) {
      expect(receipt.html).toContain(shown);
    }
    expect(receipt.text).toContain('Zoë <Tester> & Co');
    expect(receipt.text).toContain('Total paid: $133.51');
  });

  it('names the shipping method and its estimate, each tax by its name and rate, and the country', () => {
    const receipt = Object.fromEntries(mails).receipt!;
    expect(receipt.text).toContain('Shipping (Standard, 3–5 business days): $0.00');
    expect(receipt.text).toContain('Tax 15%: $17.42');
    expect(receipt.text).toContain('Springfield US-IL 12345, United States');
    expect(receipt.html).toContain('Shipping (Standard, 3–5 business days)');
    expect(receipt.html).toContain('Tax 15%');
  });

  it('says "Incl." of the taxes prices held, and the tax on shipping apart', () => {
    const inclusive = receiptEmail(
      {
        ...SAMPLE_ORDER,
        shippingPrice: 6,
        shipping: { method: 'Express', estimateMinDays: 1, estimateMaxDays: 1, tax: 1 },
        pricesIncludeTax: true,
        taxLines: [
          { name: 'VAT', basisPoints: 2000, appliesTo: 'items', base: 116.09, amount: 19.35 },
          { name: 'VAT', basisPoints: 2000, appliesTo: 'shipping', base: 6, amount: 1 },
        ],
        taxPrice: 20.35,
        totalPrice: 122.09,
      },
      SAMPLE_BRAND,
      null,
    );
    expect(inclusive.text).toContain('Shipping (Express, 1 business day): $6.00');
    expect(inclusive.text).toContain('Incl. VAT 20%: $19.35');
    expect(inclusive.text).toContain('Incl. VAT 20% on shipping: $1.00');
    expect(inclusive.text).toContain('Total paid: $122.09');
    expect(inclusive.html).toContain('Incl. VAT 20% on shipping');
  });

  it('names the order by its number (#1042) in the subject and text, its id only in the link', () => {
    const aboutTheOrder = [
      'receipt',
      'sent',
      'delivered',
      'cancelled',
      'refund',
      'return-received',
      'return-declined',
      'guest-order-link',
      'guest-receipt',
    ];
    const byName = Object.fromEntries(mails);
    for (const name of aboutTheOrder) {
      const mail = byName[name]!;
      expect(mail.subject, name).toContain('order #1042');
      expect(mail.text, name).toContain('order #1042');
      expect(mail.subject, name).not.toContain(SAMPLE_ORDER._id);
      expect(mail.text.replaceAll(`/order/${SAMPLE_ORDER._id}`, ''), name).not.toContain(
        SAMPLE_ORDER._id,
      );
    }
  });

  it('shows the logo as the PNG drawn from the shop’s icon, which every mail client shows', () => {
    expect(SAMPLE_BRAND.logoUrl).toBe('https://shop.example/mail-logo.png');
  });

  it('lists in the sent notice what the parcel holds, with the refund and the new total', () => {
    const plain = Object.fromEntries(mails).sent!;
    expect(plain.text).toContain('2 x Desk Lamp at $24.50 = $49.00');
    expect(plain.text).not.toContain('Refunded');
    const refunded = Object.fromEntries(mails)['sent-after-refund']!;
    // One of the two lamps went back before the parcel left.
    expect(refunded.text).toContain('1 x Desk Lamp at $24.50 = $24.50');
    expect(refunded.text).not.toContain('2 x Desk Lamp');
    expect(refunded.text).toContain('Refunded: -$24.50');
    expect(refunded.text).toContain('New total: $109.01');
    expect(refunded.text).toMatch(/Refunded, not in the parcel:\n1 x Desk Lamp\n/);
    expect(refunded.html).toContain('New total');
    expect(refunded.html).toContain('-$24.50');
  });
});
