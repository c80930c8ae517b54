// Placement under a sales rush: the shared counters every order touched, split so that orders
// do not queue on one database node (docs/data-model.md, "Sales rush").
export * from './ticketPools.js';
export * from './orderNumberBlocks.js';
