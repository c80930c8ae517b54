import { useNavigate } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { BuyerStep, CheckoutGate, CheckoutSteps, StepLink } from '../checkout';
import { BASKET, gateOf, MERCH_STEPS, STEP1, STEP3, usePricedBasket } from './shopCheckout';
import { useUid } from '../auth';

/** `merch/MerchStepTwo`: buyer data and the terms; the order itself is placed on the next step. */
export function MerchStepTwo() {
  const uid = useUid() ?? '';
  const navigate = useNavigate();
  const basket = usePricedBasket(uid);
  return (
    <PageFrame>
      <CheckoutSteps steps={MERCH_STEPS} active={1} />
      <CheckoutGate {...gateOf(basket)}>
        <BuyerStep
          kind="merch"
          uid={uid}
          basketPath={BASKET}
          back={
            <StepLink to={STEP1} back>
              Wstecz: przegląd
            </StepLink>
          }
          submitLabel="Dalej: podsumowanie"
          onSubmit={async () => {
            navigate(STEP3);
            return null;
          }}
        />
      </CheckoutGate>
    </PageFrame>
  );
}
