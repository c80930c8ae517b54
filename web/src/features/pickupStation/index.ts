// Public API of the pickup station feature for app/ (the admin page's tab table).
export { PickupConflictsTab } from './PickupConflictsTab';
