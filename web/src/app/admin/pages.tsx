import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { DiscountsTab, EventTab, OrdersTab, ProductsTab, TicketTypesTab, UsersTab } from '../../features/admin';
import { useIsAdmin } from '../../features/auth';
import { BankImportTab } from '../../features/bankImport';
import { KsefTab } from '../../features/ksef';
import { MailTab } from '../../features/mail';
import { useGetAllOrdersQuery } from '../../features/orders';
import { OnlinePaymentsTab, OnlineRefundCandidates } from '../../features/payments';
import { PickupConflictsTab } from '../../features/pickupStation';
import { RefundsTab } from '../../features/refunds';
import { WaitingListTab } from '../../features/waitingList';
import { RoleGate } from '../../shared/ui/ErrorPage';
import { PageFrame } from '../../shared/ui/PageFrame';

// The admin page composes the tabs of several features (admin, bank import, online payments, KSeF,
// refunds, mail, pickup conflicts, waiting list), so it lives in app/: the features stay independent of
// each other and of this table.

/** Refund requests name their lines through the orders, which the orders feature reads; online payments to return come from payments. */
function RefundsPanel() {
  return <RefundsTab orders={useGetAllOrdersQuery().data} onlineRefundCandidates={<OnlineRefundCandidates />} />;
}

const TABS = [
  { value: 'zamowienia', label: 'Zamówienia', Panel: OrdersTab },
  { value: 'wyciag', label: 'Wyciąg bankowy', Panel: BankImportTab },
  { value: 'platnosci', label: 'Płatności online', Panel: OnlinePaymentsTab },
  { value: 'ksef', label: 'KSeF', Panel: KsefTab },
  { value: 'zwroty', label: 'Zwroty', Panel: RefundsPanel },
  { value: 'poczta', label: 'Poczta', Panel: MailTab },
  { value: 'konflikty-wydan', label: 'Konflikty wydań', Panel: PickupConflictsTab },
  { value: 'bilety', label: 'Bilety', Panel: TicketTypesTab },
  { value: 'lista-oczekujacych', label: 'Lista oczekujących', Panel: WaitingListTab },
  { value: 'produkty', label: 'Produkty', Panel: ProductsTab },
  { value: 'kody', label: 'Kody rabatowe', Panel: DiscountsTab },
  { value: 'uzytkownicy', label: 'Użytkownicy', Panel: UsersTab },
  { value: 'wydarzenie', label: 'Wydarzenie', Panel: EventTab },
] as const;

/** `/dashboard/admin`: non-admins get the error view before any tab mounts; only the open tab subscribes. */
export function AdminPage() {
  const isAdmin = useIsAdmin();
  return (
    <RoleGate
      allowed={isAdmin}
      message="Tylko dla administratorów: /dashboard/admin"
      description="Ta strona jest dostępna tylko dla administratorów wydarzenia."
      homeHref="/dashboard"
    >
      <AdminTabs />
    </RoleGate>
  );
}

function AdminTabs() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? TABS[0].value;
  return (
    <PageFrame>
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="lg" style={{ flexWrap: 'wrap' }}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageFrame>
  );
}
