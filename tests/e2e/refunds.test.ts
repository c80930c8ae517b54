// Refund journey (issue 14) in Chromium against the real local stack: a participant asks for a refund
// of one ticket of a paid order → the admin approves it with a cancellation fee in the „Zwroty” tab →
// the participant sees the decision, the refund „do przelania” and the correction invoice without a
// reload → the admin marks the transfer done and the participant sees „przelano”.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { validateFa3 } from '../helpers/fa3Schema';
import { PERSON } from '../helpers/buyers.mjs';
import { adminAndParticipant, type AdminAndParticipant } from './support/journey';
import { DEMO, signIn } from './support/stack';

const ADMIN = DEMO.admin;
const BUYER = { ...PERSON, name: 'Marta Nowak' };
const ACCOUNT = '61109010140000071219812874';
const SLOW = 300_000;

let { client, PARTICIPANT, browser, web, admin, participant, pageErrors } = {} as AdminAndParticipant;
/** The paid order of the first journey (two tickets) and one ticket's gross; the second journey refunds the other ticket. */
let orderNumber = '';
let ticketGross = 0;

beforeAll(async () => {
  ({ client, PARTICIPANT, browser, web, admin, participant, pageErrors } = await adminAndParticipant('refunds'));
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

describe('refunds in Chromium', () => {
  it(
    'request one ticket → approval with a fee → correction invoice and states live → transfer done',
    async () => {
      // A paid order of two tickets (placing and paying have their own journeys).
      const tickets = {
        'demo-corka': { ticketTypeId: 'karnet-3-dniowy' },
        'demo-syn': { ticketTypeId: 'karnet-3-dniowy' },
      };
      const placed = await client.orderBasket(PARTICIPANT, 'placeTicketOrder', { tickets }, BUYER);
      orderNumber = placed.number;
      ticketGross = Number(placed.totalGross) / 2;
      await client.call(ADMIN, 'confirmPayment', { orderId: placed.orderId });

      await signIn(participant, web, PARTICIPANT);
      await participant.goto(`${web}/dashboard/zamowienia`);
      const card = participant.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
      await card.getByRole('button', { name: 'Poproś o zwrot' }).click();
      const dialog = participant.getByRole('dialog');
      await dialog.getByLabel(/Zosia Nowak/).uncheck();
      // An invalid account number is refused in Polish and nothing is sent.
      await dialog.getByLabel('Numer konta do zwrotu').fill('12345678901234567890123456');
      await dialog.getByRole('button', { name: 'Wyślij prośbę' }).click();
      await dialog.getByText('Nieprawidłowy numer konta').waitFor();
      await dialog.getByLabel('Numer konta do zwrotu').fill(`PL${ACCOUNT}`);
      await dialog.getByRole('button', { name: 'Wyślij prośbę' }).click();
      await card.locator('[data-testid="refund-request"][data-status="open"]').getByText('zwrot: oczekuje').waitFor();

      await signIn(admin, web, ADMIN);
      await admin.goto(`${web}/dashboard/admin?tab=zwroty`);
      const request = admin.locator(`[data-testid="refund-request-card"][data-order-number="${orderNumber}"]`);
      const fee = 2000;
      await request.getByLabel('Kwota zwrotu (zł)').fill(`${(ticketGross - fee) / 100}`.replace('.', ','));
      await request.getByLabel('Powód').fill('Rezygnacja — opłata za anulowanie 20 zł');
      await request.getByRole('button', { name: 'Zatwierdź zwrot' }).click();
      const transferRow = admin
        .locator('[data-testid="refund-transfer-row"][data-status="due"]')
        .filter({ hasText: orderNumber });
      await transferRow.waitFor();
      // The return account is grouped as NRB, not 26 digits in one block.
      expect(await transferRow.innerText()).toContain(
        `konto ${ACCOUNT.slice(0, 2)} ${ACCOUNT.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`,
      );
      const correctionNumber = (await transferRow.getAttribute('data-correction'))!;
      expect(correctionNumber).toMatch(/^KOR\/\d{4}\/\d{6}$/);

      // The participant's page changed by itself; one ticket of two taken back: no longer plainly „opłacone”.
      await card
        .locator('[data-testid="refund-request"][data-status="approved"]')
        .getByText('zwrot: zatwierdzona')
        .waitFor();
      await card
        .locator('[data-testid="order-status"][data-refund="partial"]')
        .getByText('częściowo zwrócone')
        .waitFor();
      await card.locator('[data-testid="refund-transfer"][data-status="due"]').getByText('do przelania').waitFor();
      await card.getByRole('link', { name: `Faktura korygująca ${correctionNumber}` }).click();
      await participant.getByTestId('correction-number').filter({ hasText: correctionNumber }).waitFor();
      const doc = (await participant.getByTestId('correction-document').innerText()).replace(/\s+/g, ' ');
      expect(doc).toContain('Faktura korygująca');
      expect(doc).toContain('Rezygnacja — opłata za anulowanie 20 zł');
      expect(doc).toContain('Kuba Nowak');
      expect(doc).toContain('Opłata za anulowanie');
      // The PDF carries the same text with Polish glyphs (read back with pdftotext).
      const [download] = (await Promise.all([
        participant.waitForEvent('download'),
        participant.getByRole('button', { name: 'Pobierz PDF' }).click(),
      ])) as [Download, void];
      expect(download.suggestedFilename()).toBe(`Faktura-korygujaca-${correctionNumber.replaceAll('/', '-')}.pdf`);
      const pdfText = execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, ' ');
      expect(pdfText).toContain('Faktura korygująca');
      expect(pdfText).toContain(`nr ${correctionNumber}`);
      expect(pdfText).toContain('Przyczyna korekty: Rezygnacja — opłata za anulowanie 20 zł');
      expect(pdfText).toContain('Słownie:');

      // Listed under its original invoice.
      await participant.goto(`${web}/dashboard/faktury`);
      await participant.getByTestId('correction-link').filter({ hasText: correctionNumber }).waitFor();

      await participant.goto(`${web}/dashboard/zamowienia`);
      await transferRow.getByRole('button', { name: 'Oznacz jako przelane' }).click();
      await card
        .locator('[data-testid="refund-transfer"][data-status="transferred"]')
        .getByText(/przelano/)
        .waitFor();
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'admin „Rozpocznij zwrot” on the orders list refunds the other ticket; the participant downloads the correction as FA(3) XML; the KSeF tab lists it',
    async () => {
      expect(orderNumber).not.toBe('');
      await admin.goto(`${web}/dashboard/admin?tab=zamowienia`);
      await admin.getByText('Opłacone', { exact: true }).click();
      await admin.getByTestId('orders-search').fill(orderNumber);
      const row = admin.locator(`[data-testid="order-row"][data-number="${orderNumber}"]`);
      await row.getByRole('button', { name: `Rozpocznij zwrot zamówienia ${orderNumber}` }).click();
      const dialog = admin.getByRole('dialog');
      // Only the ticket not refunded yet is offered.
      await dialog.getByTestId('start-refund-form').waitFor();
      expect(await dialog.getByRole('checkbox', { name: /Kuba Nowak/ }).count()).toBe(0);
      await dialog.getByLabel('Numer konta do zwrotu').fill(ACCOUNT);
      // Without a reason the form refuses in Polish and nothing is issued.
      await dialog.getByRole('button', { name: 'Wystaw korektę i zwróć' }).click();
      await dialog.locator('.mantine-TextInput-error, [role="alert"]').first().waitFor();
      await dialog.getByLabel('Przyczyna korekty').fill('Odwołanie udziału przez organizatora');
      await dialog.getByRole('button', { name: 'Wystaw korektę i zwróć' }).click();
      const done = await dialog.getByTestId('start-refund-done').innerText();
      const second = /KOR\/\d{4}\/\d{6}/.exec(done)![0];
      await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click();

      // Both tickets taken back: the admin's list and the participant's order say „zwrócone”, not „opłacone”.
      await row
        .locator('[data-testid="order-status"][data-refund="full"]')
        .getByText('zwrócone', { exact: true })
        .waitFor();
      // The participant's order shows the second refund live; its correction downloads as FA(3) XML.
      await participant.goto(`${web}/dashboard/zamowienia`);
      const card = participant.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
      await card
        .locator('[data-testid="order-status"][data-refund="full"]')
        .getByText('zwrócone', { exact: true })
        .waitFor();
      await card.getByRole('link', { name: `Faktura korygująca ${second}` }).click();
      await participant.getByTestId('correction-number').filter({ hasText: second }).waitFor();
      const corrected = (await participant.getByTestId('correction-corrected').innerText()).split(' z ')[0].trim();
      const [download] = (await Promise.all([
        participant.waitForEvent('download'),
        participant.getByRole('button', { name: 'Pobierz XML (KSeF)' }).click(),
      ])) as [Download, void];
      expect(download.suggestedFilename()).toBe(`${second.replaceAll('/', '-')}.xml`);
      const xml = readFileSync((await download.path())!, 'utf8');
      expect(validateFa3([xml])[0]).toEqual({ valid: true, output: '' });
      expect(xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
      expect(xml).toContain(`<P_2>${second}</P_2>`);
      expect(xml).toContain(`<NrFaKorygowanej>${corrected}</NrFaKorygowanej>`);
      expect(xml).toContain('<PrzyczynaKorekty>Odwołanie udziału przez organizatora</PrzyczynaKorekty>');
      expect(xml).toContain(`<P_15>-${(ticketGross / 100).toFixed(2)}</P_15>`);
      expect(xml).toContain('<StanPrzed>1</StanPrzed>');

      // The admin KSeF view lists the correction with the invoice it corrects, ready to send (a consumer's invoice).
      await admin.goto(`${web}/dashboard/admin?tab=ksef`);
      const ksefRow = admin.locator(`[data-testid="ksef-row"][data-number="${second}"]`);
      await ksefRow.waitFor();
      expect(await ksefRow.getAttribute('data-kind')).toBe('correction');
      expect(await ksefRow.innerText()).toContain(`korekta faktury ${corrected}`);
      await ksefRow.getByRole('button', { name: `Pobierz XML faktury ${second}` }).waitFor();
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );
});
