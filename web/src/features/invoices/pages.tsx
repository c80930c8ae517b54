// The invoices area's routed pages, one per file; this module is the area's lazily loaded chunk.
export { InvoicesPage } from './InvoicesPage';
export { InvoiceDetailPage } from './InvoiceDetailPage';
