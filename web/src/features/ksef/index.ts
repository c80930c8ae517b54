// Public API of the KSeF feature for other features.
export { KsefTab } from './KsefTab';
export { useGetKsefRecordQuery } from './api';
export {
  KsefCorrectionXmlButton,
  KsefKodI,
  KsefXmlButton,
  pdfKsefOf,
  useInvoiceKsef,
  type KsefInfo,
} from './InvoiceKsef';
