import { ActionIcon, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Seller } from '@domain/schemas';
import { formatDate, formatDeadline, formatMoney, formatTime } from '../../shared/format/pl';
import { LineIcon } from '../../shared/ui/LineIcon';
import { PaymentQr } from './PaymentQr';
import { TitledStack } from '../../shared/ui/TitledStack';
import { Hint } from '../../shared/ui/Hint';

/** `22102047950000123456789012` → `22 1020 4795 0000 1234 5678 9012` (the way Polish banks print it). */
function formatBankAccount(digits: string): string {
  const d = digits.replace(/\s/g, '');
  if (d.length !== 26) return digits;
  return `${d.slice(0, 2)} ${d.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Skopiowano' : `Kopiuj: ${label}`} withArrow position="left">
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'baltyk'}
            onClick={copy}
            aria-label={copied ? `Skopiowano: ${label}` : `Kopiuj: ${label}`}
            size="lg"
          >
            <LineIcon>{copied ? <path d="M5 12l5 5 9-10" /> : <path d="M9 9h10v12H9zM5 15H4V3h11v1" />}</LineIcon>
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Row({
  label,
  value,
  copyValue,
  testId,
  strong,
}: {
  label: string;
  value: string;
  copyValue?: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Hint size="xs" tt="uppercase" fw={600}>
          {label}
        </Hint>
        <Text
          fw={strong ? 700 : 500}
          fz={strong ? 'lg' : 'md'}
          data-testid={testId}
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
      </Stack>
      {copyValue !== undefined && <CopyValue value={copyValue} label={label.toLowerCase()} />}
    </Group>
  );
}

/** The payee's side of a transfer: the organiser's seller data (`/event/seller`). */
export function payeeOf(seller: Seller) {
  return {
    recipient: seller.name,
    recipientAddress: `${seller.street}, ${seller.postalCode} ${seller.city}`,
    bankName: seller.bankName,
    bankAccount: seller.bankAccount,
    recipientNip: seller.nip,
  };
}

interface TransferInstructionsProps {
  recipient: string;
  recipientAddress?: string;
  bankName?: string;
  /** 26 digits, no PL prefix. */
  bankAccount: string;
  amountGrosze: number;
  /** The order number: the transfer title. */
  title: string;
  /** When the transfer must be booked by (ms, the end of a Warsaw day); after it the order is cancelled. */
  payBy?: number;
  /** The recipient's NIP, written into the payment QR code („Standard 2D”); without one the code's NIP field is empty. */
  recipientNip?: string;
}

/** Bank-transfer instructions for a pending order: every value the payer has to type, each with a copy button. */
export function TransferInstructions({
  recipient,
  recipientAddress,
  bankName,
  bankAccount,
  amountGrosze,
  title,
  payBy,
  recipientNip,
}: TransferInstructionsProps) {
  const amount = formatMoney(amountGrosze);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="transfer-instructions">
      <TitledStack title="Dane do przelewu">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Row
            label="Numer konta"
            value={formatBankAccount(bankAccount)}
            copyValue={bankAccount}
            testId="transfer-account"
          />
          <Row
            label="Kwota"
            value={amount}
            copyValue={(amountGrosze / 100).toFixed(2).replace('.', ',')}
            testId="transfer-amount"
            strong
          />
          <Row label="Tytuł przelewu" value={title} copyValue={title} testId="transfer-title" strong />
          <Row
            label="Odbiorca"
            value={[recipient, recipientAddress].filter(Boolean).join(', ')}
            testId="transfer-recipient"
          />
          {payBy !== undefined && <Row label="Termin wpłaty" value={formatDeadline(payBy)} testId="transfer-pay-by" />}
        </SimpleGrid>
        <PaymentQr
          nip={recipientNip}
          bankAccount={bankAccount}
          amountGrosze={amountGrosze}
          recipientName={recipient}
          title={title}
        />
        {payBy !== undefined && (
          <Hint data-testid="transfer-deadline-note">
            Jeśli wpłata nie dotrze do {formatDate(payBy)}, godz. {formatTime(payBy)}, zamówienie zostanie anulowane, a
            zarezerwowane bilety i sztuki wrócą do sprzedaży.
          </Hint>
        )}
        {bankName && (
          <Hint>
            Bank: {bankName.replace(/\.$/, '')}. W tytule przelewu wpisz wyłącznie numer zamówienia — dzięki temu
            szybciej zaksięgujemy wpłatę.
          </Hint>
        )}
      </TitledStack>
    </Paper>
  );
}
