import type { ReactNode } from 'react';
import { LoadingRows } from '../../shared/ui/DataState';
import { ErrorPage } from '../../shared/ui/ErrorPage';
import { OrderConfirmation } from './OrderConfirmation';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useUid } from '../auth';
import { OnlinePaymentChoice } from '../payments';
import { useGetPaymentSellerQuery } from '../catalogue';
import { orderLines, useGetOrderQuery } from './api';

interface PlacedOrderPageProps {
  /** From the confirmation's address (`?zamowienie=`): anyone can type any id there. */
  orderId: string;
  /** Shown above the order on the page (e.g. the checkout's steps). */
  header?: ReactNode;
  payHint?: ReactNode;
  actions?: ReactNode;
}

/**
 * The confirmation after placing an order, fed with the live order (its status follows the payment).
 * An id that is not the signed-in user's order — someone else's, or none at all — gives the same
 * not-found view as someone else's invoice: nothing tells the two apart and no data is shown.
 */
export function PlacedOrderPage({ orderId, header, payHint, actions }: PlacedOrderPageProps) {
  const uid = useUid();
  const valid = /^[A-Za-z0-9_-]{1,64}$/.test(orderId);
  const order = useGetOrderQuery(orderId, { skip: !valid });
  const seller = useGetPaymentSellerQuery();
  if (valid && order.isLoading)
    return (
      <PageFrame>
        <LoadingRows rows={3} label="Wczytywanie zamówienia" />
      </PageFrame>
    );
  const o = order.data;
  // The rules refuse another user's order (an error) and there is nothing at an unknown id (null);
  // an admin may read any order, but a confirmation is only ever the buyer's own.
  if (!valid || order.isError || !o || o.uid !== uid)
    return (
      <ErrorPage
        status={404}
        title="Nie znaleziono zamówienia"
        message={`Zamówienie niedostępne: ${orderId}`}
        description="Nie ma takiego zamówienia na Twoim koncie. Swoje zamówienia znajdziesz w zakładce Zamówienia."
        homeHref="/dashboard/zamowienia"
      />
    );
  return (
    <PageFrame title="Dziękujemy za zamówienie">
      {header}
      <OrderConfirmation
        number={o.number}
        totalGross={o.totals.gross}
        seller={seller.data ?? null}
        sellerLoading={seller.isLoading}
        details={{
          status: o.status,
          createdAt: o.createdAt,
          lines: orderLines(o),
          invoiceNumber: o.invoiceNumber,
          payBy: o.payBy,
        }}
        payHint={payHint}
        actions={actions}
        onlinePayment={<OnlinePaymentChoice orderId={orderId} />}
      />
    </PageFrame>
  );
}
