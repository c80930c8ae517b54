// The data the functions integration tests start from: the event and its seller, buyers' invoice
// data, a registration, ticket types and products (each overridable), and idempotency keys.
import { randomUUID } from 'node:crypto';
import { TEST_SELLER } from '../../functions/src/domain/ksef/testing.js';

/** The domain's test seller under a plain name (the PDF and e-mail tests look for it in extracted text). */
export const SELLER = { ...TEST_SELLER, name: 'Stowarzyszenie Żeglarskie Bałtyk' };
export const EVENT = {
  name: 'Zlot Żeglarski Hel 2026',
  place: 'Hel, Port Jachtowy',
  startDate: '2026-07-10',
  endDate: '2026-07-12',
  seller: SELLER,
  pickupInfo: 'Namiot przy wejściu do portu',
};
export { COMPANY, PERSON } from '../helpers/buyers.mjs';
export const REGISTRATION = {
  firstName: 'Jan',
  lastName: 'Kowalski',
  phone: '+48 600 100 200',
  country: 'PL',
  consents: { terms: true, privacy: true, marketing: false },
};

export { product, ticketType } from '../helpers/catalogue.js';

/** A fresh idempotency key. */
export const key = () => randomUUID().replaceAll('-', '');
