export { BankImportTab } from './BankImportTab';
