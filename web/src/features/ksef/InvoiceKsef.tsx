import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Invoice } from '@domain/schemas';
import type { CorrectionInvoice } from '@domain/refunds';
import { describeFa3Problems } from '@domain/ksef/fa3';
import { ksefCodesOf, type KsefCodes } from '@domain/ksef/ksefCodes';
import { KSEF_OFFLINE_TITLES } from '@domain/ksef/offline';
import type { PdfKodI } from '@domain/pdf/kodI';
import { ksefFileFor, ksefFileForCorrection, type KsefFile, type KsefRecord } from '@domain/ksef/record';
import { formatDate } from '../../shared/format/pl';
import { ExternalLink } from '../../shared/ui/ExternalLink';
import { QrCode } from '../../shared/ui/QrCode';
import { useGetKsefOfflineQuery, useGetKsefRecordQuery, type InvoiceRef } from './api';
import { saveXml } from './files';
import { Hint } from '../../shared/ui/Hint';

/** What the invoice page and its PDF show of KSeF (the domain's rules, the same as the e-mailed PDFs'). */
export type KsefInfo = KsefCodes;
export const ksefInfoOf = ksefCodesOf;

/** Works for invoices and correction invoices (`ref.invoiceId` = `KOR-…`): both carry the seller and the issue date. */
export function useInvoiceKsef(ref: InvoiceRef, invoice: Pick<Invoice, 'seller' | 'issueDate'>): KsefInfo | null {
  const { data } = useGetKsefRecordQuery(ref);
  const { data: offline } = useGetKsefOfflineQuery(ref);
  return useMemo(() => ksefInfoOf(invoice, data, offline), [data, offline, invoice]);
}

/** The PDF's KSeF block (the QR code library loads with the PDF, on demand). */
export async function pdfKsefOf(info: KsefInfo): Promise<PdfKodI> {
  const { pdfBlockOf } = await import('@domain/ksef/pdfBlock');
  return pdfBlockOf(info);
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
export function KsefCorrectionXmlButton({
  correction,
  corrected,
  record,
}: {
  correction: CorrectionInvoice;
  corrected: KsefRecord | null | undefined;
  record: KsefRecord | null | undefined;
}) {
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
        <Alert color="red" role="alert" w="100%" data-print-hide>
          {problem}
        </Alert>
      )}
    </>
  );
}

/** The KSeF number with the KOD I verification QR code, shown on the invoice (and printed with it); offline: OFFLINE, KOD II and the deadline. */
export function KsefKodI({ info }: { info: KsefInfo }) {
  const label = info.number ?? 'OFFLINE';
  return (
    <Group
      align="flex-start"
      gap="lg"
      wrap="wrap"
      mt="lg"
      pt="md"
      style={{ borderTop: '1px solid #ccc' }}
      data-testid="ksef-kod-i"
      data-link={info.link}
      data-offline={info.number ? undefined : 'true'}
      aria-label="Faktura w KSeF"
    >
      <Stack gap={4} align="center">
        <QrCode
          value={info.link}
          size={148}
          label={`Kod QR KOD I — weryfikacja faktury w KSeF, ${info.number ? `numer ${info.number}` : 'faktura offline'}`}
        />
        <Text size="xs" ff="monospace" fw={info.number ? undefined : 700} data-testid="ksef-number-under-qr">
          {label}
        </Text>
      </Stack>
      {info.kodII && (
        <Stack gap={4} align="center" data-testid="ksef-kod-ii" data-link={info.kodII}>
          <QrCode value={info.kodII} size={148} label="Kod QR KOD II — potwierdzenie certyfikatu wystawcy" />
          <Text size="xs" ff="monospace" fw={700}>
            CERTYFIKAT
          </Text>
        </Stack>
      )}
      <Stack gap={4} maw={420}>
        {info.number ? (
          <>
            <Text fw={700}>Faktura w KSeF</Text>
            <Text size="sm">
              Numer KSeF: <span data-testid="ksef-number">{info.number}</span>
            </Text>
            {info.submittedOn && (
              <Text size="sm">Przesłana do KSeF: {formatDate(`${info.submittedOn}T12:00:00Z`)}</Text>
            )}
            {info.mode && (
              <Text size="sm" data-testid="ksef-offline-issued">
                {info.offlineByKsef
                  ? 'KSeF zapisał ją jako fakturę offline, bo otrzymał ją po dniu jej wystawienia.'
                  : `${KSEF_OFFLINE_TITLES[info.mode]}.`}
              </Text>
            )}
            <Hint>
              Zeskanuj kod QR (KOD I) albo otwórz link, aby sprawdzić fakturę w Krajowym Systemie e-Faktur
              {info.kodII ? '; KOD II (CERTYFIKAT) potwierdza wystawcę faktury offline' : ''}.
            </Hint>
          </>
        ) : (
          <>
            <Text fw={700}>{KSEF_OFFLINE_TITLES[info.mode ?? 'offline24']}</Text>
            <Text size="sm" data-testid="ksef-offline-note">
              KSeF był niedostępny. Faktura trafi do KSeF automatycznie
              {info.deadline ? `, najpóźniej ${formatDate(`${info.deadline}T12:00:00Z`)}` : ''}; wtedy pojawi się tu jej
              numer KSeF.
            </Text>
            <Hint>
              KOD I sprawdza fakturę w KSeF po jej przesłaniu
              {info.kodII ? '; KOD II (CERTYFIKAT) potwierdza wystawcę' : ''}.
            </Hint>
          </>
        )}
        <ExternalLink href={info.link} size="sm" style={{ wordBreak: 'break-all' }} data-testid="ksef-kod-i-link">
          {info.link}
        </ExternalLink>
      </Stack>
    </Group>
  );
}
