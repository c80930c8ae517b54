import { formatBankAccount } from '@domain/pdf/format';

/** A bank account number grouped by four digits, kept on one line so a transfer's account reads as one piece. */
export function AccountNumber({ nrb }: { nrb: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatBankAccount(nrb)}</span>;
}
