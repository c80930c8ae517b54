import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { formatMoney } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { startNewCheckoutIfPlaced } from '../checkout';
import { useGetMyOrdersQuery } from '../orders';
import { useGetShopProductsQuery } from '../catalogue';
import { addToBasket, useGetMerchBasketQuery, type MerchLine } from './api';
import { AddToBasketForm } from './AddToBasketForm';
import { BASKET, BasketButton, SHOP, useMemberNames } from './shopCheckout';
import { useUid } from '../auth';
import { Hint } from '../../shared/ui/Hint';

export function ShopItemPage() {
  const uid = useUid() ?? '';
  const { id } = useParams();
  const { data, isLoading, isError, error, refetch } = useGetShopProductsQuery();
  const basket = useGetMerchBasketQuery(uid, { skip: !uid });
  const members = useMemberNames(uid);
  // Units in the account's orders count toward the per-account cap the quantity field states.
  const orders = useGetMyOrdersQuery(uid, { skip: !uid });
  const [added, setAdded] = useState<string | null>(null);
  const product = data?.find((p) => p.id === id);

  async function onAdd(values: { productId: string; variantId: string; quantity: number; memberId?: string }) {
    startNewCheckoutIfPlaced('merch', uid);
    await addToBasket(uid, basket.data ?? ([] as MerchLine[]), values);
    const label = product?.variants.find((v) => v.id === values.variantId)?.label ?? '';
    setAdded(`${product?.name ?? 'Produkt'} (${label}) × ${values.quantity}`);
  }

  return (
    <PageFrame title={product?.name} actions={<BasketButton uid={uid} />}>
      <DataGate
        query={{ isLoading, isError, error }}
        what="produktu"
        rows={2}
        onRetry={() => void refetch()}
        isEmpty={!product}
        empty={
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
        }
      >
        {product && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm">
              <Text fw={800} fz={28} data-testid="product-price">
                {formatMoney(product.priceGrosze)}
              </Text>
              <Hint>Cena brutto za sztukę (zawiera {product.vatRate}% VAT).</Hint>
              {product.description && <Text>{product.description}</Text>}
            </Stack>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <AddToBasketForm
                  product={product}
                  members={members.list}
                  onAdd={onAdd}
                  basket={basket.data}
                  orders={orders.data}
                />
                {added && (
                  <Alert color="teal" role="status" data-testid="added-to-basket" title="Dodano do koszyka">
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
      </DataGate>
    </PageFrame>
  );
}
