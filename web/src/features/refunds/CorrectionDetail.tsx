import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CorrectionInvoice } from '@domain/refunds';
import { formatMoney } from '../../shared/format/pl';
import { EmptyState, LoadingRows } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { formatBankAccount } from '../../shared/ui/TransferInstructions';
import { amount, formatNip, invoiceClasses as classes, isoToPolishDate } from '../invoices';
import { KsefCorrectionXmlButton, KsefKodI, useGetKsefRecordQuery, useInvoiceKsef } from '../ksef';
import { useGetCorrectionQuery } from './api';
import { sortedCorrectionLines } from './lines';

/** A correction invoice (faktura korygująca) on an A4 sheet, printable like the invoice. */
export function CorrectionDocument({ correction, children }: { correction: CorrectionInvoice; children?: ReactNode }) {
  const lines = sortedCorrectionLines(correction).map((l) => [l.id, l] as const);
  const rates = Object.values(correction.perRate).sort((a, b) => b.vatRate - a.vatRate);
  const { seller, buyer } = correction;
  return (
    <article className={classes.sheet} data-invoice-sheet aria-label={`Faktura korygująca ${correction.number}`} data-testid="correction-document">
      <header className={classes.header}>
        <div>
          <h1 className={classes.title}>Faktura korygująca</h1>
          <div className={classes.number}>
            nr <span data-testid="correction-number">{correction.number}</span>
          </div>
        </div>
        <dl className={classes.meta}>
          <dt>Data wystawienia:</dt>
          <dd>{isoToPolishDate(correction.issueDate)}</dd>
          <dt>Miejsce wystawienia:</dt>
          <dd>{correction.issuePlace}</dd>
          <dt>Do faktury:</dt>
          <dd data-testid="correction-corrected">
            {correction.corrected.number} z {isoToPolishDate(correction.corrected.issueDate)}
          </dd>
        </dl>
      </header>
      <div className={classes.parties}>
        <section className={classes.party}>
          <h2>Sprzedawca</h2>
          <p className={classes.partyName}>{seller.name}</p>
          <p>{seller.street}</p>
          <p>
            {seller.postalCode} {seller.city}
          </p>
          <p>NIP: {formatNip(seller.nip)}</p>
        </section>
        <section className={classes.party}>
          <h2>Nabywca</h2>
          <p className={classes.partyName}>{buyer.name}</p>
          <p>{buyer.street}</p>
          <p>
            {buyer.postalCode} {buyer.city}
            {buyer.country !== 'PL' ? `, ${buyer.country}` : ''}
          </p>
          {buyer.kind === 'company' && <p>NIP: {formatNip(buyer.nip)}</p>}
        </section>
      </div>
      <p>
        Przyczyna korekty: <strong data-testid="correction-reason">{correction.reason}</strong>
      </p>
      <div className={classes.tableWrap}>
        <table className={`${classes.table} ${classes.lines}`} data-testid="correction-lines">
          <caption>Pozycje korygowane (różnice)</caption>
          <thead>
            <tr>
              <th scope="col">Lp.</th>
              <th scope="col">Nazwa</th>
              <th scope="col">Ilość przed</th>
              <th scope="col">Ilość po</th>
              <th scope="col">Cena jedn. brutto</th>
              <th scope="col">Stawka VAT</th>
              <th scope="col">Netto</th>
              <th scope="col">VAT</th>
              <th scope="col">Brutto</th>
            </tr>
          </thead>
          <tbody>
            {lines.map(([id, l], i) => (
              <tr key={id}>
                <td className={classes.num}>{i + 1}</td>
                <td>{l.name}</td>
                <td className={classes.num}>{l.quantityBefore}</td>
                <td className={classes.num}>{l.quantityAfter}</td>
                <td className={classes.num}>{amount(l.unitGross)}</td>
                <td className={classes.num}>{l.vatRate}%</td>
                <td className={classes.num}>{amount(l.net)}</td>
                <td className={classes.num}>{amount(l.vat)}</td>
                <td className={classes.num}>{amount(l.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={classes.summary}>
        <div className={classes.tableWrap}>
          <table className={classes.table} data-testid="correction-rates">
            <caption>Różnice według stawek VAT</caption>
            <thead>
              <tr>
                <th scope="col">Stawka VAT</th>
                <th scope="col">Netto</th>
                <th scope="col">VAT</th>
                <th scope="col">Brutto</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.vatRate}>
                  <td className={classes.num}>{r.vatRate}%</td>
                  <td className={classes.num}>{amount(r.net)}</td>
                  <td className={classes.num}>{amount(r.vat)}</td>
                  <td className={classes.num}>{amount(r.gross)}</td>
                </tr>
              ))}
              <tr className={classes.totalRow}>
                <td>Razem</td>
                <td className={classes.num}>{amount(correction.totals.net)}</td>
                <td className={classes.num}>{amount(correction.totals.vat)}</td>
                <td className={classes.num}>{amount(correction.totals.gross)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div>
          <p className={classes.due}>
            Do zwrotu: <span data-testid="correction-refund">{formatMoney(correction.refundAmount)}</span>
          </p>
          <p className={classes.words}>Słownie: {correction.amountInWords}</p>
          {correction.fee > 0 && <p>Potrącona opłata: {formatMoney(correction.fee)}</p>}
        </div>
      </div>
      <dl className={classes.payment}>
        <dt>Sposób zwrotu:</dt>
        <dd>{correction.paymentMethod} na konto {formatBankAccount(correction.refundAccount)}</dd>
        <dt>Dotyczy zamówienia:</dt>
        <dd>{correction.orderNumber}</dd>
      </dl>
      <p className={classes.note}>{correction.vatMethod}. Faktura korygująca wystawiona elektronicznie, nie wymaga podpisu.</p>
      {children}
    </article>
  );
}

/** `/dashboard/faktury/{uid}-KOR-…`: the invoices page hands correction ids to this view. */
export function CorrectionDetail({ uid, correctionId }: { uid: string; correctionId: string }) {
  const { data, isLoading } = useGetCorrectionQuery({ uid, correctionId });
  if (isLoading) return <LoadingRows label="Wczytywanie faktury korygującej" rows={6} />;
  if (!data)
    return (
      <PageFrame title="Faktura korygująca">
        <EmptyState title="Nie znaleziono faktury korygującej" />
        <BackToInvoices />
      </PageFrame>
    );
  return <LoadedCorrection uid={uid} correctionId={correctionId} correction={data} />;
}

function BackToInvoices() {
  return (
    <Group data-print-hide>
      <Button component={Link} to="/dashboard/faktury" variant="subtle">
        ← Wszystkie faktury
      </Button>
    </Group>
  );
}

/**
 * The correction with its downloads: PDF, the FA(3) XML for KSeF (naming the corrected invoice's KSeF
 * number once there is one) and, after the admin recorded the correction's own KSeF number, that number
 * with the KOD I code — on screen and in the PDF.
 */
function LoadedCorrection({ uid, correctionId, correction }: { uid: string; correctionId: string; correction: CorrectionInvoice }) {
  const ref = { uid, invoiceId: correctionId };
  const ksef = useInvoiceKsef(ref, correction);
  const { data: record } = useGetKsefRecordQuery(ref);
  const { data: corrected } = useGetKsefRecordQuery({ uid, invoiceId: correction.corrected.invoiceId });
  const [pdfState, setPdfState] = useState<'idle' | 'busy' | 'error'>('idle');
  async function downloadPdf() {
    setPdfState('busy');
    try {
      const { downloadCorrectionPdf } = await import('./correctionPdf');
      await downloadCorrectionPdf(correction, ksef ? { number: ksef.record.ksefNumber, link: ksef.link } : undefined);
      setPdfState('idle');
    } catch {
      setPdfState('error');
    }
  }
  return (
    <PageFrame
      title={`Faktura korygująca ${correction.number}`}
      actions={
        <Group gap="xs" data-print-hide>
          <Button onClick={() => void downloadPdf()} loading={pdfState === 'busy'}>
            Pobierz PDF
          </Button>
          <KsefCorrectionXmlButton correction={correction} corrected={corrected} record={record} />
          <Button variant="default" onClick={() => window.print()}>
            Drukuj
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {pdfState === 'error' && (
          <Alert color="red" variant="light" role="alert" data-print-hide>
            Nie udało się przygotować pliku PDF. Możesz użyć przycisku „Drukuj” i wybrać „Zapisz jako PDF”.
          </Alert>
        )}
        <CorrectionDocument correction={correction}>{ksef && <KsefKodI info={ksef} />}</CorrectionDocument>
        <BackToInvoices />
      </Stack>
    </PageFrame>
  );
}
