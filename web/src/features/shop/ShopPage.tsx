import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../shared/format/pl';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useGetShopProductsQuery, type ProductEntry } from '../catalogue';
import { BasketButton, SHOP } from './shopCheckout';
import { useUid } from '../auth';
import { CardGrid } from '../../shared/ui/CardGrid';
import { Hint } from '../../shared/ui/Hint';

function availabilityText(p: ProductEntry): { text: string; color: string } {
  if (p.available === 0) return { text: 'Wyprzedane', color: 'red' };
  if (p.variants.length === 1) return { text: `Dostępne: ${p.available} szt.`, color: 'teal' };
  const open = p.variants.filter((v) => v.available > 0).map((v) => v.label);
  return { text: `Dostępne rozmiary: ${open.join(', ')}`, color: 'teal' };
}

export function ShopPage() {
  const uid = useUid() ?? '';
  const { data, isLoading, isError, error, refetch } = useGetShopProductsQuery();
  return (
    <PageFrame actions={<BasketButton uid={uid} />}>
      <DataGate
        query={{ isLoading, isError, error }}
        loadingLabel="Wczytywanie produktów"
        errorText="Nie udało się wczytać produktów sklepiku."
        onRetry={() => void refetch()}
        isEmpty={!data || data.length === 0}
        empty={
          <EmptyState title="Sklepik jest jeszcze pusty">
            Organizator nie dodał jeszcze gadżetów. Zajrzyj tu później.
          </EmptyState>
        }
      >
        <CardGrid label="Produkty" spacing="md">
          {data?.map((p) => {
            const a = availabilityText(p);
            return (
              <Card component="li" key={p.id} withBorder radius="lg" padding="lg" data-testid="product-card">
                <Stack gap="xs" h="100%">
                  <Title order={2} fz="lg">
                    <Anchor component={Link} to={`${SHOP}/${p.id}`} c="inherit" fw={700}>
                      {p.name}
                    </Anchor>
                  </Title>
                  {p.description && <Hint lineClamp={3}>{p.description}</Hint>}
                  {/* One layout for every card: a long availability line wraps beside the button. */}
                  <Group justify="space-between" mt="auto" pt="xs" align="flex-end" wrap="nowrap">
                    <Stack gap={2} miw={0}>
                      <Text fw={800} fz="xl">
                        {formatMoney(p.priceGrosze)}
                      </Text>
                      <Text size="sm" c={a.color} data-testid="product-availability">
                        {a.text}
                      </Text>
                    </Stack>
                    <Button
                      component={Link}
                      to={`${SHOP}/${p.id}`}
                      variant="filled"
                      aria-label={`Wybierz: ${p.name}`}
                      style={{ flexShrink: 0 }}
                    >
                      Wybierz
                    </Button>
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </CardGrid>
      </DataGate>
    </PageFrame>
  );
}
