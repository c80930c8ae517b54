import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Indicator, Paper, Progress, SimpleGrid, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store/hooks';
import { formatNip } from '@domain/identifiers';
import { formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadError, LoadingRows } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { CheckoutConsents } from '../../shared/ui/CheckoutConsents';
import { BuyerInvoiceFields, buyerInput, draftFromInvoice, type BuyerDraft } from '../../shared/ui/BuyerInvoiceForm';
import { refusalOf, type Refusal } from '../../shared/ui/formErrors';
import { selectUser } from '../auth';
import { useGetMembersQuery, memberName } from '../members';
import { useGetCountriesQuery } from '../registration';
import { PlacedOrderPage } from '../orders';
import {
  addToBasket,
  placeMerchOrder,
  removeLine,
  setLineQuantity,
  useGetBuyerProfileQuery,
  useGetMerchBasketQuery,
  useGetShopProductsQuery,
  type MerchLine,
  type ProductEntry,
} from './api';
import { AddToBasketForm } from './AddToBasketForm';
import { BasketLines, BasketTotals, priceLines, type PricedLine } from './basketView';
import { checkoutErrors, startNewCheckoutIfPlaced, useCheckout } from './checkout';

const SHOP = '/dashboard/sklepik';
const BASKET = `${SHOP}/MerchBasket`;
const STEP1 = `${SHOP}/merch/MerchStepOne`;
const STEP2 = `${SHOP}/merch/MerchStepTwo`;
const STEP3 = `${SHOP}/merch/MerchStepThree`;

/** The auth guard admits only signed-in users, so the uid is there on every page of this area. */
function useUid(): string {
  return useAppSelector(selectUser)?.uid ?? '';
}

function useMemberNames(uid: string) {
  const { data } = useGetMembersQuery(uid, { skip: !uid });
  return useMemo(() => {
    const list = (data ?? []).map((m) => ({ id: m.id, name: memberName(m) }));
    return { list, byId: new Map(list.map((m) => [m.id, m.name])) };
  }, [data]);
}

/** Basket lines priced against the live catalogue, with loading and error state of both. */
function usePricedBasket(uid: string) {
  const basket = useGetMerchBasketQuery(uid, { skip: !uid });
  const products = useGetShopProductsQuery();
  const members = useMemberNames(uid);
  const lines = useMemo(() => priceLines(basket.data ?? [], products.data ?? [], members.byId), [basket.data, products.data, members.byId]);
  return {
    lines,
    raw: basket.data ?? [],
    isLoading: basket.isLoading || products.isLoading,
    isError: basket.isError || products.isError,
    retry: () => {
      void basket.refetch();
      void products.refetch();
    },
  };
}

function BasketButton({ uid }: { uid: string }) {
  const { data } = useGetMerchBasketQuery(uid, { skip: !uid });
  const count = (data ?? []).reduce((s, l) => s + l.quantity, 0);
  return (
    <Indicator label={count} size={20} disabled={count === 0} offset={4}>
      <Button component={Link} to={BASKET} variant="light" aria-label={count ? `Koszyk, ${count} szt.` : 'Koszyk, pusty'}>
        Koszyk
      </Button>
    </Indicator>
  );
}

function availabilityText(p: ProductEntry): { text: string; color: string } {
  if (p.available === 0) return { text: 'Wyprzedane', color: 'red' };
  if (p.variants.length === 1) return { text: `Dostępne: ${p.available} szt.`, color: 'teal' };
  const open = p.variants.filter((v) => v.available > 0).map((v) => v.label);
  return { text: `Dostępne rozmiary: ${open.join(', ')}`, color: 'teal' };
}

export function ShopPage() {
  const uid = useUid();
  const { data, isLoading, isError, refetch } = useGetShopProductsQuery();
  return (
    <PageFrame actions={<BasketButton uid={uid} />}>
      {isLoading ? (
        <LoadingRows label="Wczytywanie produktów" rows={3} />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Nie udało się wczytać produktów sklepiku.</LoadError>
      ) : !data || data.length === 0 ? (
        <EmptyState title="Sklepik jest jeszcze pusty">Organizator nie dodał jeszcze gadżetów. Zajrzyj tu później.</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Produkty">
          {data.map((p) => {
            const a = availabilityText(p);
            return (
              <Card component="li" key={p.id} withBorder radius="lg" padding="lg" data-testid="product-card">
                <Stack gap="xs" h="100%">
                  <Title order={2} fz="lg">
                    <Anchor component={Link} to={`${SHOP}/${p.id}`} c="inherit" fw={700}>
                      {p.name}
                    </Anchor>
                  </Title>
                  {p.description && (
                    <Text size="sm" c="dimmed" lineClamp={3}>
                      {p.description}
                    </Text>
                  )}
                  <Group justify="space-between" mt="auto" pt="xs" align="flex-end">
                    <Stack gap={2}>
                      <Text fw={800} fz="xl">
                        {formatMoney(p.priceGrosze)}
                      </Text>
                      <Text size="sm" c={a.color} data-testid="product-availability">
                        {a.text}
                      </Text>
                    </Stack>
                    <Button component={Link} to={`${SHOP}/${p.id}`} variant="filled" aria-label={`Wybierz: ${p.name}`}>
                      Wybierz
                    </Button>
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}

export function ShopItemPage() {
  const uid = useUid();
  const { id } = useParams();
  const { data, isLoading, isError, refetch } = useGetShopProductsQuery();
  const basket = useGetMerchBasketQuery(uid, { skip: !uid });
  const members = useMemberNames(uid);
  const [added, setAdded] = useState<string | null>(null);
  const product = data?.find((p) => p.id === id);

  async function onAdd(values: { productId: string; variantId: string; quantity: number; memberId?: string }) {
    startNewCheckoutIfPlaced(uid);
    await addToBasket(uid, basket.data ?? ([] as MerchLine[]), values);
    const label = product?.variants.find((v) => v.id === values.variantId)?.label ?? '';
    setAdded(`${product?.name ?? 'Produkt'} (${label}) × ${values.quantity}`);
  }

  return (
    <PageFrame title={product?.name} actions={<BasketButton uid={uid} />}>
      {isLoading ? (
        <LoadingRows label="Wczytywanie produktu" rows={2} />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Nie udało się wczytać produktu.</LoadError>
      ) : !product ? (
        <EmptyState
          title="Nie ma takiego produktu"
          action={
            <Button component={Link} to={SHOP} variant="light">
              Wróć do sklepiku
            </Button>
          }
        >
          Ten produkt nie istnieje albo nie jest już w sprzedaży.
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Text fw={800} fz={28} data-testid="product-price">
              {formatMoney(product.priceGrosze)}
            </Text>
            <Text size="sm" c="dimmed">
              Cena brutto za sztukę (zawiera {product.vatRate}% VAT).
            </Text>
            {product.description && <Text>{product.description}</Text>}
          </Stack>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <AddToBasketForm product={product} members={members.list} onAdd={onAdd} />
              {added && (
                <Alert color="teal" variant="light" role="status" data-testid="added-to-basket" title="Dodano do koszyka">
                  <Stack gap={6} align="flex-start">
                    <Text size="sm">{added}</Text>
                    <Group gap="xs">
                      <Button component={Link} to={BASKET} size="xs">
                        Przejdź do koszyka
                      </Button>
                      <Button component={Link} to={SHOP} size="xs" variant="default">
                        Kupuj dalej
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              )}
            </Stack>
          </Paper>
        </SimpleGrid>
      )}
    </PageFrame>
  );
}

const STEP_LABELS = ['Przegląd', 'Dane nabywcy', 'Zamówienie'] as const;

/** A stepper on wider screens; on a phone one line says where the buyer is (three labelled steps do not fit 390 px). */
function CheckoutSteps({ active }: { active: 0 | 1 | 2 }) {
  return (
    <>
      <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-label="Etapy zamówienia" iconSize={28} visibleFrom="sm">
        {STEP_LABELS.map((label, i) => (
          <Stepper.Step key={label} label={label} aria-current={active === i ? 'step' : undefined} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="sm">
        <Text size="sm" fw={600}>
          Krok {active + 1} z 3: {STEP_LABELS[active]}
        </Text>
        <Progress value={((active + 1) / 3) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

function EmptyBasket() {
  return (
    <EmptyState
      title="Koszyk jest pusty"
      action={
        <Button component={Link} to={SHOP}>
          Przejdź do sklepiku
        </Button>
      }
    >
      Wybierz gadżety w sklepiku — trafią tutaj, zanim złożysz zamówienie.
    </EmptyState>
  );
}

function BasketGate({ basket, children }: { basket: ReturnType<typeof usePricedBasket>; children: ReactNode }) {
  if (basket.isLoading) return <LoadingRows label="Wczytywanie koszyka" rows={2} />;
  if (basket.isError) return <LoadError onRetry={basket.retry}>Nie udało się wczytać koszyka.</LoadError>;
  if (basket.lines.length === 0) return <EmptyBasket />;
  return <>{children}</>;
}

export function MerchBasketPage() {
  const uid = useUid();
  const basket = usePricedBasket(uid);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => startNewCheckoutIfPlaced(uid), [uid]);

  async function run(lineId: string, op: () => Promise<void>) {
    setBusy(lineId);
    setFailure(null);
    try {
      await op();
    } catch {
      setFailure('Nie udało się zmienić koszyka. Sprawdź połączenie i spróbuj ponownie.');
    } finally {
      setBusy(null);
    }
  }
  const blocked = basket.lines.some((l) => l.problem);

  return (
    <PageFrame>
      <BasketGate basket={basket}>
        <Stack gap="md">
          <BasketLines
            lines={basket.lines}
            busyLineId={busy}
            onQuantity={(l: PricedLine, q) => void run(l.line.id, () => setLineQuantity(uid, l.line.id, q))}
            onRemove={(l: PricedLine) => void run(l.line.id, () => removeLine(uid, l.line.id))}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <BasketTotals lines={basket.lines} />
          <Group justify="space-between">
            <Button component={Link} to={SHOP} variant="default">
              Kupuj dalej
            </Button>
            <Button component={Link} to={STEP1} disabled={blocked} data-disabled={blocked || undefined} onClick={(e) => blocked && e.preventDefault()}>
              Przejdź do zamówienia
            </Button>
          </Group>
        </Stack>
      </BasketGate>
    </PageFrame>
  );
}

export function MerchStepOne() {
  const uid = useUid();
  const basket = usePricedBasket(uid);
  useEffect(() => startNewCheckoutIfPlaced(uid), [uid]);
  const blocked = basket.lines.some((l) => l.problem);
  return (
    <PageFrame>
      <CheckoutSteps active={0} />
      <BasketGate basket={basket}>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Sprawdź zamawiane produkty. Ceny zawierają VAT; ostateczną kwotę potwierdzi serwer przy składaniu zamówienia.
          </Text>
          <BasketLines lines={basket.lines} />
          <BasketTotals lines={basket.lines} />
          <Group justify="space-between">
            <Button component={Link} to={BASKET} variant="default">
              Wstecz: koszyk
            </Button>
            <Button component={Link} to={STEP2} disabled={blocked} onClick={(e) => blocked && e.preventDefault()}>
              Dalej: dane nabywcy
            </Button>
          </Group>
        </Stack>
      </BasketGate>
    </PageFrame>
  );
}

export function MerchStepTwo() {
  const uid = useUid();
  const navigate = useNavigate();
  const basket = usePricedBasket(uid);
  const profile = useGetBuyerProfileQuery(uid, { skip: !uid });
  const countries = useGetCountriesQuery();
  const [checkout, update] = useCheckout(uid);
  const [submitted, setSubmitted] = useState(false);

  // Prefill once from the profile's saved invoice data; afterwards the checkout state is the truth.
  useEffect(() => {
    if (checkout.buyer === null && profile.data !== undefined) {
      const p = profile.data;
      update({ buyer: draftFromInvoice(p?.invoice, p ? `${p.firstName} ${p.lastName}` : ''), saveInvoiceData: !p?.invoice });
    }
  }, [checkout.buyer, profile.data, update]);

  const buyer = checkout.buyer;
  const errors = buyer ? checkoutErrors(buyer, checkout.acceptTerms, checkout.saveInvoiceData, checkout.idempotencyKey) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (errors?.valid) navigate(STEP3);
  }

  return (
    <PageFrame>
      <CheckoutSteps active={1} />
      <BasketGate basket={basket}>
        {!buyer ? (
          <LoadingRows label="Wczytywanie danych nabywcy" rows={4} />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Dane nabywcy">
            <Stack gap="lg">
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    Dane do faktury
                  </Title>
                  <BuyerInvoiceFields
                    value={buyer}
                    onChange={(next) => update({ buyer: next })}
                    errors={submitted ? errors?.buyer : undefined}
                    countries={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
                    countriesLoading={countries.isLoading}
                  />
                </Stack>
              </Paper>
              <CheckoutConsents
                acceptTerms={checkout.acceptTerms}
                onAcceptTerms={(acceptTerms) => update({ acceptTerms })}
                saveInvoiceData={checkout.saveInvoiceData}
                onSaveInvoiceData={(saveInvoiceData) => update({ saveInvoiceData })}
                termsError={submitted ? errors?.acceptTerms : undefined}
              />
              {submitted && errors && !errors.valid && (
                <Alert color="red" variant="light" role="alert">
                  Popraw zaznaczone pola, aby przejść dalej.
                </Alert>
              )}
              <Group justify="space-between">
                <Button component={Link} to={STEP1} variant="default">
                  Wstecz: przegląd
                </Button>
                <Button type="submit">Dalej: podsumowanie</Button>
              </Group>
            </Stack>
          </form>
        )}
      </BasketGate>
    </PageFrame>
  );
}

function BuyerSummary({ buyer }: { buyer: BuyerDraft }) {
  // The country by its Polish name („Polska”), as the buyer picked it, not its code.
  const { data: countries } = useGetCountriesQuery();
  const country = countries?.find((c) => c.code === buyer.country)?.name ?? buyer.country;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={2}>
        <Group justify="space-between">
          <Text fw={600}>Nabywca</Text>
          <Anchor component={Link} to={STEP2} size="sm">
            Zmień
          </Anchor>
        </Group>
        <Text>{buyer.name}</Text>
        {buyer.kind === 'company' && <Text size="sm">NIP: {formatNip(buyer.nip)}</Text>}
        <Text size="sm" c="dimmed">
          {buyer.street}, {buyer.postalCode} {buyer.city}, <span data-testid="buyer-country">{country}</span>
        </Text>
      </Stack>
    </Paper>
  );
}

const placedPath = (orderId: string) => `${STEP3}?${new URLSearchParams({ zamowienie: orderId })}`;

/** `merch/MerchStepThree`: summary and the order; afterwards (`?zamowienie=`) the live confirmation with transfer details. */
export function MerchStepThree() {
  const [params] = useSearchParams();
  const orderId = params.get('zamowienie');
  if (orderId !== null)
    return (
      <PlacedOrderPage
        orderId={orderId}
        header={<CheckoutSteps active={2} />}
        payHint="Zapłać przelewem na poniższe konto. Gadżety odbierzesz w punkcie odbioru, gdy organizator zaksięguje wpłatę — fakturę znajdziesz wtedy w zakładce Faktury."
        actions={
          <Group>
            <Button component={Link} to="/dashboard/zamowienia">
              Moje zamówienia
            </Button>
            <Button component={Link} to={SHOP} variant="default">
              Wróć do sklepiku
            </Button>
          </Group>
        }
      />
    );
  return <MerchSummaryStep />;
}

function MerchSummaryStep() {
  const uid = useUid();
  const navigate = useNavigate();
  const basket = usePricedBasket(uid);
  const [checkout, update] = useCheckout(uid);
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // Placed in this checkout already (e.g. back from the confirmation): show that order, never a second one.
  if (checkout.placed) return <Navigate to={placedPath(checkout.placed.orderId)} replace />;

  const buyer = checkout.buyer;
  const errors = buyer ? checkoutErrors(buyer, checkout.acceptTerms, checkout.saveInvoiceData, checkout.idempotencyKey) : null;
  const blocked = basket.lines.some((l) => l.problem);

  async function place() {
    if (!buyer || !errors?.valid) return;
    setPlacing(true);
    setRefusal(null);
    try {
      const result = await placeMerchOrder({
        idempotencyKey: checkout.idempotencyKey,
        buyer: buyerInput(buyer),
        acceptTerms: true,
        saveInvoiceData: checkout.saveInvoiceData,
      });
      update({ placed: result });
      navigate(placedPath(result.orderId), { replace: true });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setPlacing(false);
    }
  }

  return (
    <PageFrame>
      <CheckoutSteps active={2} />
      <BasketGate basket={basket}>
        {!buyer || !errors?.valid ? (
          <Alert color="yellow" variant="light" title="Uzupełnij dane nabywcy">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Zanim złożysz zamówienie, podaj dane do faktury i zaakceptuj regulamin sprzedaży.</Text>
              <Button component={Link} to={STEP2} size="xs">
                Przejdź do danych nabywcy
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="md">
            <BasketLines lines={basket.lines} />
            <BasketTotals lines={basket.lines} />
            <BuyerSummary buyer={buyer} />
            {refusal && (
              <Alert color="red" variant="light" role="alert" title="Nie udało się złożyć zamówienia" data-testid="order-refusal">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{refusal.message}</Text>
                  {(refusal.reason === 'out-of-stock' || refusal.reason === 'product-inactive' || refusal.reason === 'variant-missing') && (
                    <Button component={Link} to={BASKET} size="xs" variant="white" color="red">
                      Popraw koszyk
                    </Button>
                  )}
                </Stack>
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              Po złożeniu zamówienia zobaczysz dane do przelewu. Zamówienie czeka na płatność; możesz je anulować w zakładce Zamówienia, dopóki nie jest opłacone.
            </Text>
            <Group justify="space-between">
              <Button component={Link} to={STEP2} variant="default" disabled={placing}>
                Wstecz: dane nabywcy
              </Button>
              <Button onClick={() => void place()} loading={placing} disabled={blocked} size="md">
                Zamawiam i płacę przelewem
              </Button>
            </Group>
          </Stack>
        )}
      </BasketGate>
    </PageFrame>
  );
}
