import { setGlobalOptions } from 'firebase-functions/v2';
import { REGION } from './domain/callables.js';
import { secretOptions } from './lib/secrets.js';

// The one place the region is set; every callable inherits it. Production binds the SMTP_URL secret (docs/email.md);
// a function with secrets of its own binds it again (lib/secrets.ts).
setGlobalOptions({ region: REGION, ...secretOptions() });
