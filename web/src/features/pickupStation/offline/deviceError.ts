/**
 * A failure of the station device whose message is written for staff, in Polish, and is shown as it
 * is (the hand-out form shows it in place of a server refusal): the device store blocked by another
 * tab, an outdated tab, a hand-out from a copy too old to use unacknowledged.
 */
export class StationDeviceError extends Error {
  override name = 'StationDeviceError';
}
