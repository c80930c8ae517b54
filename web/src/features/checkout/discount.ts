import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CallableInput } from '@domain/callables';
import { discountApplies, discountedUnitGross, type DiscountPreview } from '@domain/discounts';
import { discountCodeSchema, type OrderLine } from '@domain/schemas';
import { pluralForm } from '@domain/words';
import { callFunction } from '../../shared/firebase';
import { refusalOf } from '../../shared/ui/formErrors';
import { useCheckoutState, type CheckoutKind } from './checkoutState';

/** `?kod=CZLONEK` on the basket or the first step: a code opened from a link. */
const DISCOUNT_PARAM = 'kod';

function checkDiscountCode(input: CallableInput<'checkDiscountCode'>) {
  return callFunction('checkDiscountCode', input);
}

/** A basket line as the discount sees it. */
export type DiscountableLine = Pick<OrderLine, 'unitGross' | 'quantity'> &
  ({ type: 'ticket'; ticketTypeId: string } | { type: 'merch'; productId: string });

interface PricedWithDiscount {
  /** The unit price to pay per line, in the order given. */
  unitGross: number[];
  totalGross: number;
  listTotalGross: number;
  units: number;
  /** Why the code cannot be used with this basket (covers nothing, too few uses left), or null. */
  problem: string | null;
}

/** The basket priced with a checked code — the same domain functions the order placement uses. */
export function priceWithDiscount(
  preview: DiscountPreview | null,
  lines: readonly DiscountableLine[],
): PricedWithDiscount {
  let units = 0;
  const unitGross = lines.map((l) => {
    if (!preview || !discountApplies(preview, l as OrderLine)) return l.unitGross;
    units += l.quantity;
    return discountedUnitGross(preview, l.unitGross);
  });
  const totalGross = lines.reduce((sum, l, i) => sum + unitGross[i] * l.quantity, 0);
  const listTotalGross = lines.reduce((sum, l) => sum + l.unitGross * l.quantity, 0);
  let problem: string | null = null;
  if (preview && units === 0 && lines.length > 0)
    problem = `Kod ${preview.code} nie obejmuje niczego, co masz w koszyku.`;
  else if (preview && preview.usesLeft !== null && units > preview.usesLeft)
    problem =
      `Kod ${preview.code} można użyć jeszcze tylko ${preview.usesLeft} ` +
      `${pluralForm(preview.usesLeft, ['raz', 'razy', 'razy'])}, a obejmuje ${units} pozycji w koszyku — ` +
      'usuń część z nich albo zamów bez kodu.';
  return { unitGross, totalGross, listTotalGross, units, problem };
}

/**
 * Answers of the server, kept for a minute per account and code: moving between the checkout's
 * steps shows the same answer without asking again (the server allows 10 checks a minute, and the
 * order placement checks the code anyway).
 */
const ANSWER_TTL_MS = 60_000;
const answers = new Map<string, { at: number; check: DiscountCheck }>();

async function checkOnce(kind: CheckoutKind, uid: string, code: string): Promise<DiscountCheck> {
  const key = `${kind}/${uid}/${code}`;
  const kept = answers.get(key);
  if (kept && Date.now() - kept.at < ANSWER_TTL_MS) return kept.check;
  let check: DiscountCheck;
  try {
    check = { status: 'valid', preview: await checkDiscountCode({ kind, code }) };
  } catch (error) {
    const refusal = refusalOf(error);
    check = { status: 'invalid', code, message: refusal.message };
    // A refusal that says nothing about the code (too many checks, no connection) is not kept.
    if (!refusal.reason.startsWith('discount-') || refusal.reason === 'discount-checks-limit') return check;
  }
  answers.set(key, { at: Date.now(), check });
  return check;
}

export type DiscountCheck =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; preview: DiscountPreview }
  | { status: 'invalid'; code: string; message: string };

/**
 * Takes `?kod=` off the address into the checkout state (kept there for both steps and a reload)
 * and answers the checkout's current code (normalised when it has the code's format).
 */
export function useDiscountLink(kind: CheckoutKind, uid: string): string | null {
  const [state, update] = useCheckoutState(kind, uid);
  const [params, setParams] = useSearchParams();
  const fromLink = params.get(DISCOUNT_PARAM);
  useEffect(() => {
    if (fromLink === null || !uid) return;
    const parsed = discountCodeSchema.safeParse(fromLink);
    update({ discountCode: parsed.success ? parsed.data : fromLink.trim().toUpperCase().slice(0, 40) });
    params.delete(DISCOUNT_PARAM);
    setParams(params, { replace: true });
  }, [fromLink, uid, update, params, setParams]);
  return state.discountCode;
}

/**
 * The checkout's discount code: kept in the checkout state (so both steps and a reload see it),
 * taken from `?kod=` when the page was opened from a link, and checked with the server whenever it
 * changes. `apply` answers the Polish message of a refused code (shown at the field) or null.
 */
function useDiscountCode(kind: CheckoutKind, uid: string) {
  const [, update] = useCheckoutState(kind, uid);
  const code = useDiscountLink(kind, uid);
  const [answer, setAnswer] = useState<{ code: string; check: DiscountCheck } | null>(null);
  useEffect(() => {
    if (!code || !uid) return;
    let live = true;
    void checkOnce(kind, uid, code).then((check) => live && setAnswer({ code, check }));
    return () => {
      live = false;
    };
  }, [code, kind, uid]);
  // The answer belongs to the code it was asked for: a code changed since is being checked.
  const check: DiscountCheck = !code
    ? { status: 'none' }
    : answer?.code === code
      ? answer.check
      : { status: 'checking', code };
  return { code, check, setCode: (next: string | null) => update({ discountCode: next }) };
}

/** Why the checkout cannot go on with this code (being checked, refused, not fitting the basket), or null. */
export function discountBlocking(check: DiscountCheck, problem: string | null): string | null {
  if (check.status === 'checking') return 'Sprawdzamy kod rabatowy…';
  if (check.status === 'invalid') return `${check.message} Popraw kod albo zamów bez niego.`;
  return problem;
}

/**
 * A basket's discount: the checkout's code, the lines priced with it, what stops the checkout going on
 * with it, and whether nothing is left to pay (then the order is confirmed at once, without an invoice).
 */
export function useBasketDiscount(kind: CheckoutKind, uid: string, lines: readonly DiscountableLine[]) {
  const discount = useDiscountCode(kind, uid);
  const preview = discount.check.status === 'valid' ? discount.check.preview : null;
  const priced = priceWithDiscount(preview, lines);
  const free = preview !== null && lines.length > 0 && priced.totalGross === 0;
  return { discount, priced, blocking: discountBlocking(discount.check, priced.problem), free };
}

export type BasketDiscount = ReturnType<typeof useBasketDiscount>;
