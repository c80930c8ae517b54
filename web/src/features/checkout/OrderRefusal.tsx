import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CheckoutRefusal } from './refusal';

/** Why the order was not placed; a refusal about the basket links back to it. */
export function OrderRefusal({ refusal, basketPath }: { refusal: CheckoutRefusal; basketPath: string }) {
  return (
    <Alert color="red" role="alert" title="Nie udało się złożyć zamówienia" data-testid="order-refusal">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" data-testid="order-refusal-message">
          {refusal.message}
        </Text>
        {refusal.fixBasket && (
          <Button component={Link} to={basketPath} size="xs" variant="white" color="red">
            Popraw koszyk
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
