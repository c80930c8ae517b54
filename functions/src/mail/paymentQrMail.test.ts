// The payment QR part of the order e-mail (templates.orderPlacedMail): the hint next to the code, and
// the line telling the payer to type the amount when the code cannot carry it (above 9 999,99 zł).
import { describe, expect, it } from 'vitest';
import { orderTotals } from '../domain/invoice.js';
import type { Order, OrderLine, Seller } from '../domain/schemas.js';
import { TEST_SELLER } from '../domain/ksef/testing.js';
import { orderPlacedMail } from './templates.js';
import { PERSON } from '../../../tests/helpers/buyers.mjs';

const SELLER: Seller = TEST_SELLER;

function order(unitGross: number): Order {
  const line: OrderLine = {
    type: 'ticket',
    name: 'Pakiet VIP z rejsem',
    unitGross,
    quantity: 1,
    vatRate: 8,
    ticketTypeId: 'vip',
    memberId: 'self',
    memberName: 'Marta Nowak',
  };
  return {
    uid: 'ola',
    number: 'ZAM/2026/000042',
    kind: 'tickets',
    status: 'pending',
    lines: { l1: line },
    totals: orderTotals([line]),
    buyer: {
      email: 'ola@example.pl',
      invoice: { ...PERSON, name: 'Marta Nowak' },
    },
    idempotencyKey: '0b6c2a3e-1d2f-4a5b-8c7d-9e0f1a2b3c4d',
    createdAt: Date.UTC(2026, 5, 1),
  };
}

const ctx = { eventName: 'Zlot Bałtycki 2026', appUrl: 'https://panel.example.pl' };
const TYPE_AMOUNT = 'Kwotę 12\u00a0500,00\u00a0zł wpisz ręcznie — kod QR banków mieści kwoty do 9\u00a0999,99\u00a0zł.';

describe('order e-mail: the payment QR part', () => {
  it('up to 9 999,99 zł: the code fills the amount too, and no line about typing it', () => {
    const mail = orderPlacedMail(ctx, { order: order(999_999), seller: SELLER, hasQr: true });
    expect(mail.html).toContain('cid:payment-qr');
    expect(mail.html).toContain('Kod wypełni numer konta, kwotę, odbiorcę i tytuł przelewu.');
    expect(mail.text).toContain('Kod wypełni numer konta, kwotę, odbiorcę i tytuł przelewu.');
    expect(mail.text).not.toContain('wpisz ręcznie');
  });

  it('from 10 000 zł: the code fills account, recipient and title, and both parts say to type the amount and why', () => {
    const mail = orderPlacedMail(ctx, { order: order(1_250_000), seller: SELLER, hasQr: true });
    expect(mail.html).toContain('cid:payment-qr');
    expect(mail.html).toContain('Kod wypełni numer konta, odbiorcę i tytuł przelewu.');
    expect(mail.html).not.toContain('kwotę, odbiorcę');
    expect(mail.html).toContain(TYPE_AMOUNT);
    expect(mail.text).toContain(TYPE_AMOUNT);
    expect(mail.text).toContain('Kwota: 12\u00a0500,00\u00a0zł');
  });

  it('without a code (no seller account yet) there is no QR part at all', () => {
    const mail = orderPlacedMail(ctx, { order: order(1_250_000), seller: null, hasQr: false });
    expect(mail.html).not.toContain('cid:payment-qr');
    expect(mail.text).not.toContain('wpisz ręcznie');
  });
});
