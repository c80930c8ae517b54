// Turns "what the file says" and "what the database holds" into one multi-path update, so that a
// seed run is a single atomic write and a second run with the same file writes nothing.
// Sales counters (`sold`) belong to the order callables: they are never written here, except that a
// new item starts at 0 and --reset puts existing ones back to 0.

/** @typedef {import('./validate.js').Problem} Problem */
/** @typedef {'created' | 'updated' | 'unchanged' | 'kept' | 'reset'} Action */
/** @typedef {{ section: 'event' | 'countries' | 'ticketTypes' | 'products', id?: string, action: Action, detail?: string }} Change */
/**
 * @typedef {{
 *   event: any, countries: Record<string, string> | null,
 *   ticketTypes: Record<string, any> | null, products: Record<string, any> | null,
 *   archivedTicketTypes: Record<string, any> | null, archivedProducts: Record<string, any> | null
 * }} CurrentState
 */

/** Order-insensitive deep equality of JSON values (RTDB does not keep key order). */
function sameJson(/** @type {unknown} */ a, /** @type {unknown} */ b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(/** @type {any} */ (a)[k], /** @type {any} */ (b)[k]),
  );
}

/** Drops undefined fields: RTDB stores absence, and absent fields must compare equal to absent. */
function defined(/** @type {Record<string, unknown>} */ object) {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/**
 * Field-level updates for an existing item: every field of `wanted` that differs, and null for a
 * stored field the file no longer has (e.g. a removed sale start). `ignore` are fields owned by others.
 * @param {string} base @param {Record<string, unknown>} wanted @param {Record<string, unknown>} stored
 * @param {string[]} ignore @param {Record<string, unknown>} updates
 * @returns {string[]} names of the changed fields
 */
function diffFields(base, wanted, stored, ignore, updates) {
  const changed = [];
  for (const key of new Set([...Object.keys(wanted), ...Object.keys(stored)])) {
    if (ignore.includes(key)) continue;
    const next = wanted[key] === undefined ? null : wanted[key];
    const previous = stored[key] === undefined ? null : stored[key];
    if (!sameJson(next, previous)) {
      updates[`${base}/${key}`] = next;
      changed.push(key);
    }
  }
  return changed;
}

/**
 * @param {import('zod').output<typeof import('./schema.js').seedFileSchema>} seed
 * @param {CurrentState} current
 * @param {{ reset?: boolean, now: number }} options
 * @returns {{ updates: Record<string, unknown>, changes: Change[], problems: Problem[] }}
 */
export function planSeed(seed, current, { reset = false, now }) {
  /** @type {Record<string, unknown>} */
  const updates = {};
  /** @type {Change[]} */
  const changes = [];
  /** @type {Problem[]} */
  const problems = [];

  // Event: the whole object is the organiser's (admins may edit it in the app; the file wins when seeded).
  const event = defined(seed.event);
  if (!current.event) {
    updates.event = { ...event, updatedAt: now };
    changes.push({ section: 'event', action: 'created' });
  } else {
    const { updatedAt: _ignored, ...stored } = current.event;
    if (sameJson(event, stored)) changes.push({ section: 'event', action: 'unchanged' });
    else {
      updates.event = { ...event, updatedAt: now };
      const fields = [...new Set([...Object.keys(event), ...Object.keys(stored)])].filter(
        (k) => !sameJson(event[k], stored[k]),
      );
      changes.push({ section: 'event', action: 'updated', detail: fields.join(', ') });
    }
  }

  // Countries: the list is owned by the seed, replaced as a whole when it differs.
  const storedCountries = current.countries ?? {};
  const added = Object.keys(seed.countries).filter((c) => !(c in storedCountries));
  const removed = Object.keys(storedCountries).filter((c) => !(c in seed.countries));
  const renamed = Object.keys(seed.countries).filter(
    (c) => c in storedCountries && storedCountries[c] !== seed.countries[c],
  );
  if (added.length + removed.length + renamed.length === 0) {
    changes.push({ section: 'countries', action: 'unchanged', detail: `${Object.keys(seed.countries).length}` });
  } else {
    updates.countries = seed.countries;
    const parts = [];
    if (added.length) parts.push(`dodano ${added.length}`);
    if (renamed.length) parts.push(`zmieniono ${renamed.length}`);
    if (removed.length) parts.push(`usunięto ${removed.length}`);
    changes.push({ section: 'countries', action: current.countries ? 'updated' : 'created', detail: parts.join(', ') });
  }

  // Ticket types
  const storedTypes = current.ticketTypes ?? {};
  for (const [id, type] of Object.entries(seed.ticketTypes)) {
    const wanted = defined(type);
    const stored = storedTypes[id];
    const base = `ticketTypes/${id}`;
    if (current.archivedTicketTypes?.[id]) {
      problems.push({
        path: `ticketTypes.${id}`,
        message: `Rodzaj biletu „${id}” jest zarchiwizowany – przywróć go w panelu administratora albo użyj innego identyfikatora`,
      });
      continue;
    }
    if (!stored) {
      updates[base] = { ...wanted, sold: 0, updatedAt: now };
      changes.push({ section: 'ticketTypes', id, action: 'created' });
      continue;
    }
    const sold = Number(stored.sold ?? 0);
    if (!reset && wanted.quota < sold) {
      problems.push({
        path: `ticketTypes.${id}.quota`,
        message: `Pula (${wanted.quota}) mniejsza niż liczba sprzedanych i zarezerwowanych biletów (${sold})`,
      });
      continue;
    }
    const changed = diffFields(base, wanted, stored, ['sold', 'updatedAt'], updates);
    if (reset && sold !== 0) {
      updates[`${base}/sold`] = 0;
      changed.push(`sold ${sold} → 0`);
    }
    if (changed.length) {
      updates[`${base}/updatedAt`] = now;
      changes.push({ section: 'ticketTypes', id, action: 'updated', detail: changed.join(', ') });
    } else changes.push({ section: 'ticketTypes', id, action: 'unchanged' });
  }
  for (const id of Object.keys(storedTypes)) {
    if (!(id in seed.ticketTypes)) changes.push({ section: 'ticketTypes', id, action: 'kept' });
  }

  // Products and their variants
  const storedProducts = current.products ?? {};
  for (const [id, product] of Object.entries(seed.products)) {
    const { variants, ...fields } = product;
    const wanted = defined(fields);
    const stored = storedProducts[id];
    const base = `products/${id}`;
    if (current.archivedProducts?.[id]) {
      problems.push({
        path: `products.${id}`,
        message: `Produkt „${id}” jest zarchiwizowany – przywróć go w panelu administratora albo użyj innego identyfikatora`,
      });
      continue;
    }
    if (!stored) {
      const newVariants = Object.fromEntries(Object.entries(variants).map(([vid, v]) => [vid, { ...v, sold: 0 }]));
      updates[base] = { ...wanted, variants: newVariants, updatedAt: now };
      changes.push({
        section: 'products',
        id,
        action: 'created',
        detail: `warianty: ${Object.keys(variants).join(', ')}`,
      });
      continue;
    }
    /** @type {Record<string, unknown>} */
    const productUpdates = {};
    const changed = diffFields(base, wanted, stored, ['variants', 'updatedAt'], productUpdates);
    const storedVariants = stored.variants ?? {};
    let blocked = false;
    for (const [vid, variant] of Object.entries(variants)) {
      const storedVariant = storedVariants[vid];
      const vbase = `${base}/variants/${vid}`;
      if (!storedVariant) {
        productUpdates[vbase] = { ...variant, sold: 0 };
        changed.push(`nowy wariant ${vid}`);
        continue;
      }
      const sold = Number(storedVariant.sold ?? 0);
      if (!reset && variant.stock < sold) {
        problems.push({
          path: `products.${id}.variants.${vid}.stock`,
          message: `Stan (${variant.stock}) mniejszy niż liczba sprzedanych i zarezerwowanych sztuk (${sold})`,
        });
        blocked = true;
        continue;
      }
      const variantChanged = diffFields(vbase, variant, storedVariant, ['sold'], productUpdates);
      if (variantChanged.length) changed.push(`${vid}: ${variantChanged.join(', ')}`);
      if (reset && sold !== 0) {
        productUpdates[`${vbase}/sold`] = 0;
        changed.push(`${vid}: sold ${sold} → 0`);
      }
    }
    const keptVariants = Object.keys(storedVariants).filter((vid) => !(vid in variants));
    if (blocked) continue;
    Object.assign(updates, productUpdates);
    if (changed.length) {
      updates[`${base}/updatedAt`] = now;
      changes.push({ section: 'products', id, action: 'updated', detail: changed.join('; ') });
    } else changes.push({ section: 'products', id, action: 'unchanged' });
    if (keptVariants.length)
      changes.push({
        section: 'products',
        id,
        action: 'kept',
        detail: `warianty spoza pliku pozostawione: ${keptVariants.join(', ')}`,
      });
  }
  for (const id of Object.keys(storedProducts)) {
    if (!(id in seed.products)) changes.push({ section: 'products', id, action: 'kept' });
  }

  return { updates, changes, problems };
}
