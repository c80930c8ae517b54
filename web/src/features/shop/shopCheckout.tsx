import { useMemo, type ReactNode } from 'react';
import { Button, Indicator } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { CheckoutGate, CheckoutSteps } from '../checkout';
import { memberName, useGetMembersQuery } from '../members';
import { useGetShopProductsQuery } from '../catalogue';
import { useGetMerchBasketQuery } from './api';
import { priceLines } from './basketView';

/** The shop's addresses (original-spec section 2). */
export const SHOP = '/dashboard/sklepik';
export const BASKET = `${SHOP}/MerchBasket`;
export const STEP1 = `${SHOP}/merch/MerchStepOne`;
export const STEP2 = `${SHOP}/merch/MerchStepTwo`;
export const STEP3 = `${SHOP}/merch/MerchStepThree`;

/** The checkout's steps after the basket, as the stepper names them. */
export const MERCH_STEPS = ['Przegląd', 'Dane nabywcy', 'Zamówienie'] as const;

export function useMemberNames(uid: string) {
  const { data } = useGetMembersQuery(uid, { skip: !uid });
  return useMemo(() => {
    const list = (data ?? []).map((m) => ({ id: m.id, name: memberName(m) }));
    return { list, byId: new Map(list.map((m) => [m.id, m.name])) };
  }, [data]);
}

/** Basket lines priced against the live catalogue, with loading and error state of both. */
export function usePricedBasket(uid: string) {
  const basket = useGetMerchBasketQuery(uid, { skip: !uid });
  const products = useGetShopProductsQuery();
  const members = useMemberNames(uid);
  const lines = useMemo(
    () => priceLines(basket.data ?? [], products.data ?? [], members.byId),
    [basket.data, products.data, members.byId],
  );
  return {
    lines,
    raw: basket.data ?? [],
    isLoading: basket.isLoading || products.isLoading,
    isError: basket.isError || products.isError,
    error: basket.error ?? products.error,
    retry: () => {
      void basket.refetch();
      void products.refetch();
    },
  };
}

/** The empty merchandise basket, on every step after the shop. */
const emptyBasket = {
  title: 'Koszyk jest pusty',
  text: 'Wybierz gadżety w sklepiku — trafią tutaj, zanim złożysz zamówienie.',
  next: { to: SHOP, label: 'Przejdź do sklepiku' },
};

/** The loading / error / empty state of a step, for `CheckoutGate`. */
export const gateOf = (basket: ReturnType<typeof usePricedBasket>) => ({
  isLoading: basket.isLoading,
  isError: basket.isError,
  error: basket.error,
  isEmpty: basket.lines.length === 0,
  retry: basket.retry,
  empty: emptyBasket,
});

/** A step of the merchandise checkout: the stepper, then the step's content once the basket is there and not empty. */
export function MerchStepFrame({
  active,
  basket,
  children,
}: {
  active: number;
  basket: ReturnType<typeof usePricedBasket>;
  children: ReactNode;
}) {
  return (
    <PageFrame>
      <CheckoutSteps steps={MERCH_STEPS} active={active} />
      <CheckoutGate {...gateOf(basket)}>{children}</CheckoutGate>
    </PageFrame>
  );
}

export function BasketButton({ uid }: { uid: string }) {
  const { data } = useGetMerchBasketQuery(uid, { skip: !uid });
  const count = (data ?? []).reduce((s, l) => s + l.quantity, 0);
  return (
    <Indicator label={count} size={20} disabled={count === 0} offset={4}>
      <Button
        component={Link}
        to={BASKET}
        variant="light"
        aria-label={count ? `Koszyk, ${count} szt.` : 'Koszyk, pusty'}
      >
        Koszyk
      </Button>
    </Indicator>
  );
}
