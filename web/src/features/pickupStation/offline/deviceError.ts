import type { MessageForUser } from '../../../shared/ui/formErrors';

/**
 * A failure of the station device written for staff, shown as it is in place of a server refusal:
 * the device store blocked by another tab, an outdated tab, a hand-out from a copy too old to use
 * unacknowledged.
 */
export class StationDeviceError extends Error implements MessageForUser {
  override name = 'StationDeviceError';
  readonly forUser = true;
}
