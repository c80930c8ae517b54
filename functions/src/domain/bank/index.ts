/** Bank statement import: pure parsers, order-number matching and the shapes of the bank data. */
export * from './types.js';
export * from './amount.js';
export * from './encoding.js';
export * from './mt940.js';
export * from './camt053.js';
export * from './csv.js';
export * from './statement.js';
export * from './orderNumbers.js';
export * from './keys.js';
export * from './matching.js';
export * from './labels.js';
export * from './schemas.js';
export * from './refundCandidates.js';
