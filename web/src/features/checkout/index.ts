// Public API of the checkout feature: the steps both baskets (tickets, shop) end with.
export { buyerStepComplete } from './BuyerForm';
export { BuyerStep } from './BuyerStep';
export { CheckoutGate } from './CheckoutGate';
export { CheckoutSteps, StepLink } from './CheckoutSteps';
export { startNewCheckoutIfPlaced } from './checkoutState';
export { OrderRefusal } from './OrderRefusal';
export { PlacingStep } from './PlacingStep';
export type { CheckoutRefusal } from './refusal';
export { usePlaceOrder } from './usePlaceOrder';
export { ReviewStepEnd } from './ReviewStepEnd';
export { DiscountedPrice, DiscountSummary } from './DiscountedPrice';
export { DiscountFromLink } from './DiscountFromLink';
export { useBasketDiscount } from './discount';
