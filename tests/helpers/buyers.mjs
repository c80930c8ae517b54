// Invoice data of test buyers (the `buyer` of placeTicketOrder / placeMerchOrder), shared by the
// functions tests, the end-to-end tests and the benches. Plain JavaScript, so the benches (.mjs) and
// the TypeScript tests share one copy.

/** A private person (the functions tests' buyer). */
export const PERSON = /** @type {const} */ ({
  kind: 'person',
  name: 'Jan Kowalski',
  street: 'ul. Morska 1',
  postalCode: '81-300',
  city: 'Gdynia',
  country: 'PL',
});

/** A company with a valid NIP (the functions tests' company buyer). */
export const COMPANY = /** @type {const} */ ({
  kind: 'company',
  name: 'Żagle sp. z o.o.',
  nip: '123-456-32-18',
  street: 'ul. Portowa 5',
  postalCode: '80-001',
  city: 'Gdańsk',
  country: 'PL',
});

/** The demo participant's address. */
const RYBACKA = /** @type {const} */ ({
  street: 'ul. Rybacka 7/3',
  postalCode: '80-001',
  city: 'Gdańsk',
  country: 'PL',
});

/** The demo participant, Marta Nowak, buying as a private person. */
export const MARTA_NOWAK = /** @type {const} */ ({
  kind: 'person',
  name: 'Marta Nowak',
  ...RYBACKA,
});

/** A company at the demo participant's address (its invoices go to KSeF). */
export const LATARNIK = /** @type {const} */ ({
  kind: 'company',
  name: 'Latarnik sp. z o.o.',
  nip: '5260250274',
  ...RYBACKA,
});

/** A private person in Ustka (the end-to-end tests' default buyer). */
export const USTKA = /** @type {const} */ ({
  kind: 'person',
  name: 'Kupujący Testowy',
  street: 'ul. Portowa 1',
  postalCode: '76-270',
  city: 'Ustka',
  country: 'PL',
});

/** A company with a long name and address (pages must fit it on a phone). */
export const BRYZA = /** @type {const} */ ({
  kind: 'company',
  name: 'Przedsiębiorstwo Usług Żeglarskich „Bryza” Sp. z o.o.',
  nip: '526-025-02-74',
  street: 'ul. Marynarki Polskiej 10/12',
  postalCode: '76-270',
  city: 'Ustka',
  country: 'PL',
});
