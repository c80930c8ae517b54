import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Invoice } from '@domain/schemas';
import type { CorrectionInvoice } from '@domain/refunds';
import { describeFa3Problems } from '@domain/ksef/fa3';
import { kodIForRecord, ksefFileFor, ksefFileForCorrection, type KsefFile, type KsefRecord } from '@domain/ksef/record';
import { formatDate } from '../../shared/format/pl';
import { QrCode } from '../../shared/ui/QrCode';
import { useGetKsefRecordQuery, type InvoiceRef } from './api';
import { saveXml } from './files';

/** What the invoice page and its PDF need about KSeF: the record (if the admin entered a number) and the KOD I link. */
export interface KsefInfo {
  record: KsefRecord;
  /** KOD I: the verification link, computed from the stored file's bytes. */
  link: string;
}

/** Works for invoices and correction invoices (`ref.invoiceId` = `KOR-…`): both carry the seller and the issue date. */
export function useInvoiceKsef(ref: InvoiceRef, invoice: Pick<Invoice, 'seller' | 'issueDate'>): KsefInfo | null {
  const { data } = useGetKsefRecordQuery(ref);
  return useMemo(() => (data ? { record: data, link: kodIForRecord(invoice, data) } : null), [data, invoice]);
}

/**
 * „Pobierz XML (KSeF)”: the FA(3) file — the one stored with the KSeF number once there is one, else
 * the one generated from the invoice. A snapshot that cannot form a valid file gives the reason, never a file.
 */
export function KsefXmlButton({ invoice, record }: { invoice: Invoice; record: KsefRecord | null | undefined }) {
  return <XmlButton build={() => ksefFileFor(invoice, record)} />;
}

/**
 * The same for a correction invoice: `corrected` is the KSeF record of the invoice it corrects (its
 * number goes into the file), `record` the correction's own (then its stored file is handed out).
 */
export function KsefCorrectionXmlButton({ correction, corrected, record }: { correction: CorrectionInvoice; corrected: KsefRecord | null | undefined; record: KsefRecord | null | undefined }) {
  return <XmlButton build={() => ksefFileForCorrection(correction, corrected, record)} />;
}

function XmlButton({ build }: { build: () => KsefFile }) {
  const [problem, setProblem] = useState<string | null>(null);
  function download() {
    const file = build();
    if (!file.ok) {
      setProblem(describeFa3Problems(file.problems));
      return;
    }
    setProblem(null);
    saveXml(file.fileName, file.xml);
  }
  return (
    <>
      <Button variant="default" onClick={download} data-testid="ksef-xml-download">
        Pobierz XML (KSeF)
      </Button>
      {problem && (
        <Alert color="red" variant="light" role="alert" w="100%" data-print-hide>
          {problem}
        </Alert>
      )}
    </>
  );
}

/** The KSeF number with the KOD I verification QR code, shown on the invoice (and printed with it). */
export function KsefKodI({ info }: { info: KsefInfo }) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" mt="lg" pt="md" style={{ borderTop: '1px solid #ccc' }} data-testid="ksef-kod-i" data-link={info.link} aria-label="Faktura w KSeF">
      <Stack gap={4} align="center">
        <QrCode value={info.link} size={148} label={`Kod QR KOD I — weryfikacja faktury w KSeF, numer ${info.record.ksefNumber}`} />
        <Text size="xs" ff="monospace" data-testid="ksef-number-under-qr">
          {info.record.ksefNumber}
        </Text>
      </Stack>
      <Stack gap={4} maw={420}>
        <Text fw={700}>Faktura w KSeF</Text>
        <Text size="sm">
          Numer KSeF: <span data-testid="ksef-number">{info.record.ksefNumber}</span>
        </Text>
        <Text size="sm">Przesłana do KSeF: {formatDate(`${info.record.submittedOn}T12:00:00Z`)}</Text>
        <Text size="sm" c="dimmed">
          Zeskanuj kod QR (KOD I) albo otwórz link, aby sprawdzić fakturę w Krajowym Systemie e-Faktur.
        </Text>
        <Anchor href={info.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }} data-testid="ksef-kod-i-link">
          {info.link}
        </Anchor>
      </Stack>
    </Group>
  );
}
