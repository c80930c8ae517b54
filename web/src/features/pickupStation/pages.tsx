// The pickup station's routed pages, one per file; this module is the area's lazily loaded chunk.
export { PickupUserPage } from './PickupUserPage';
export { PickupAddPage } from './PickupAddPage';
