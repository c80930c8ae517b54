import type { ReactNode } from 'react';
import { Group, Paper, type MantineRadius } from '@mantine/core';
import { StepLink } from './CheckoutSteps';
import type { BasketDiscount } from './discount';
import { DiscountCodeField } from './DiscountCodeField';

interface ReviewStepEndProps {
  discount: Pick<BasketDiscount, 'discount' | 'priced'>;
  /** The way back to the basket. */
  back: { to: string; label: string };
  /** The way on to the buyer's data. */
  next: ReactNode;
  /** The corner of the code's box, as the step's other boxes have it. */
  radius?: MantineRadius;
}

/** How a basket's review step ends: the discount code in a box, then the ways back and on. */
export function ReviewStepEnd({ discount: d, back, next, radius = 'md' }: ReviewStepEndProps) {
  return (
    <>
      <Paper withBorder radius={radius} p="md">
        <DiscountCodeField check={d.discount.check} problem={d.priced.problem} onApply={d.discount.setCode} />
      </Paper>
      <Group justify="space-between">
        <StepLink to={back.to} back>
          {back.label}
        </StepLink>
        {next}
      </Group>
    </>
  );
}
