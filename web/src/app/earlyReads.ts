import { readLastUser } from '../features/auth/lastUser';
import { publishEarlyReads, startEarlyReads, type EarlyReadsSetup } from '../shared/firebase/earlyReads';
import { firstReadsOf } from './firstReads';

/**
 * Runs inline in index.html, while the HTML is parsed (web/vite-plugins/earlyReads.ts bundles it with
 * the build's database and API key): the device's last user's stored session and the page's first
 * reads start here, one script download and start-up earlier than main.tsx could start them.
 */
export function runEarlyReads(setup: EarlyReadsSetup): void {
  try {
    publishEarlyReads(startEarlyReads(setup, readLastUser()?.uid ?? null, firstReadsOf(location.pathname)));
  } catch {
    // Whatever fails here, the app reads the session and its data itself.
  }
}
