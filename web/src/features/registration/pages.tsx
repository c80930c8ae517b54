// The area's routed pages, one per file; this module is the area's lazily loaded chunk.
export { RegistrationPage } from './RegistrationPage';
export { StepOne } from './StepOne';
export { StepTwo } from './StepTwo';
export { StepThree } from './StepThree';
export { SuccessStep } from './SuccessStep';
export { RemindPasswordPage } from './RemindPasswordPage';
