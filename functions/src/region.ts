import { setGlobalOptions } from 'firebase-functions/v2';
import { REGION } from './domain/callables.js';
import { mailSecretOptions } from './mail/config.js';

// The one place the region is set; every callable inherits it. Production binds the SMTP_URL secret (docs/email.md).
setGlobalOptions({ region: REGION, ...mailSecretOptions() });
