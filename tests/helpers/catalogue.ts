// The shop's catalogue as tests write it to the database: a ticket type and a product with two sizes,
// each field overridable (an override's type replaces the default's). Shared by the functions tests
// and the rules tests' seed database.

type Overridden<Base, Overrides> = Omit<Base, keyof Overrides> & Overrides;

const TICKET_TYPE = {
  name: 'Karnet 3-dniowy',
  description: 'Wstęp na wszystkie dni zlotu',
  priceGrosze: 14900,
  vatRate: 8,
  quota: 100,
  sold: 0,
  active: true,
  sortOrder: 1,
};

/** A size of a product: ten in stock, none sold. */
export function variant(label: string, sortOrder: number) {
  return { label, stock: 10, sold: 0, sortOrder };
}

const PRODUCT = {
  name: 'Koszulka „Bałtyk”',
  description: 'Bawełna',
  priceGrosze: 8900,
  vatRate: 23,
  active: true,
  sortOrder: 1,
  variants: {
    m: variant('M', 1),
    l: variant('L', 2),
  },
};

export function ticketType<O extends Record<string, unknown> = Record<never, never>>(
  overrides: O = {} as O,
): Overridden<typeof TICKET_TYPE, O> {
  return { ...TICKET_TYPE, ...overrides };
}

export function product<O extends Record<string, unknown> = Record<never, never>>(
  overrides: O = {} as O,
): Overridden<typeof PRODUCT, O> {
  return { ...PRODUCT, ...overrides };
}
