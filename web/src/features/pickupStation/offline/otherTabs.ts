/**
 * The station's tabs on one device (docs/pickup-offline.md, "Several tabs"): one tab sends the queue
 * at a time, and every tab hears when another changed the queue, so all show the same one. Where the
 * browser lacks Web Locks or BroadcastChannel, each tab works alone: the server applies each hand-out
 * once by its id, so a hand-out sent twice costs a request, never a second hand-out.
 */

// Names shared by every tab of the app on this origin: changing one splits old tabs from new.
const SEND_LOCK = 'panel-pickup-station-send';
const CHANNEL = 'panel-pickup-station';

/**
 * Runs `send` while no other tab of the device sends (an exclusive Web Lock). A tab that finds the lock
 * taken waits, then sends what is left: it reads the queue again, so nothing goes twice.
 */
export async function oneTabAtATime(send: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? null : navigator.locks;
  if (typeof locks?.request === 'function') await locks.request(SEND_LOCK, send);
  else await send();
}

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;

/** Tells the other tabs that this one changed the device's queue. */
export function tellOtherTabs(): void {
  channel?.postMessage('queue');
}

/** Calls `listener` whenever another tab changed the device's queue. */
export function onOtherTabsChange(listener: () => void): void {
  channel?.addEventListener('message', listener);
}
