import { useNavigate } from 'react-router-dom';
import { BuyerStep, StepLink } from '../checkout';
import { BASKET, MerchStepFrame, STEP1, STEP3, usePricedBasket } from './shopCheckout';
import { useUid } from '../auth';

/** `merch/MerchStepTwo`: buyer data and the terms; the order itself is placed on the next step. */
export function MerchStepTwo() {
  const uid = useUid() ?? '';
  const navigate = useNavigate();
  const basket = usePricedBasket(uid);
  return (
    <MerchStepFrame active={1} basket={basket}>
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
    </MerchStepFrame>
  );
}
