import { setGlobalOptions } from 'firebase-functions/v2';
import { REGION } from './domain/callables.js';

// The one place the region is set; every callable inherits it.
setGlobalOptions({ region: REGION });

export { REGION };
