// The tickets area's routed pages, one per file; this module is the area's lazily loaded chunk.
export { TicketBasketPage } from './TicketBasketPage';
export { TicketsStepOne } from './TicketsStepOne';
export { TicketsStepTwo } from './TicketsStepTwo';
