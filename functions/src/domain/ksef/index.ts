export * from './sha256.js';
export * from './ksefNumber.js';
export * from './countryCodes.js';
export * from './fa3.js';
export * from './kodI.js';
export * from './record.js';
export * from './fa3Correction.js';
export * from './api.js';
