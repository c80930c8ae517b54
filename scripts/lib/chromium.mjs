// Browser tests use Debian's Chromium (a test tool's own browser download cannot work offline).
// Returns its path, installing it with apt-get where that is possible, or stops with a clear message.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export async function ensureChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      'Chromium is needed for the end-to-end tests. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chrome/Chromium binary.',
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!installed) {
    console.error('apt-get finished but no chromium binary was found.');
    process.exit(1);
  }
  return installed;
}
