// Public API of the checkout feature: the steps both baskets (tickets, shop) end with.
export { BuyerForm, buyerStepComplete, type BuyerValues } from './BuyerForm';
export { BuyerStep } from './BuyerStep';
export { CheckoutConfirmation } from './CheckoutConfirmation';
export { CheckoutGate } from './CheckoutGate';
export { CheckoutSteps, StepLink } from './CheckoutSteps';
export { startNewCheckoutIfPlaced, useCheckoutState, type CheckoutKind, type CheckoutState } from './checkoutState';
export { newIdempotencyKey } from './idempotency';
export { OrderRefusal } from './OrderRefusal';
export { PlacingStep } from './PlacingStep';
export { checkoutRefusal, type CheckoutRefusal } from './refusal';
export { usePlaceOrder } from './usePlaceOrder';
export { DiscountCodeField } from './DiscountCodeField';
export { DiscountedPrice, DiscountSummary } from './DiscountedPrice';
export { DiscountFromLink } from './DiscountFromLink';
export {
  DISCOUNT_PARAM,
  discountBlocking,
  priceWithDiscount,
  useDiscountCode,
  useDiscountLink,
  type DiscountableLine,
  type DiscountCheck,
  type PricedWithDiscount,
} from './discount';
