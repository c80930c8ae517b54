// End-to-end journey of the bank statement import (issue 17) in Chromium against the real local
// stack: three participants order a ticket; one pays exactly, one too little, one twice; the admin
// uploads the MT940 statement on „Wyciąg bankowy”, the preview shows the three categories, the
// admin books, and the exact payer's order turns „opłacone” on their open orders page, live.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../helpers/browser';
import { MARTA_NOWAK } from '../helpers/buyers.mjs';
import { windows1250 } from '../helpers/windows1250.mjs';
import { sharedStack, type SharedStack } from './support/shared';
import { appPage, DEMO, firstVisit, signIn, stackClient } from './support/stack';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const ADMIN = DEMO.admin;
const PASSWORD = 'haslo-testowe-123';
const KARNET = { id: 'karnet-3-dniowy', gross: 18900 };
const SLOW = 300_000;

let stack: SharedStack;
let client: ReturnType<typeof stackClient>;
let browser: Browser;
let web: string;
let tmp: string;
let admin: Page;
let payer: Page;
const pageErrors: Error[] = [];

interface Participant {
  email: string;
  uid: string;
  orderId: string;
  number: string;
}
const people: Record<'exact' | 'under' | 'twice', Participant> = {} as never;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'panel-e2e-bank-'));
  stack = sharedStack();
  client = stackClient(stack);
  web = stack.urls.web!;
  browser = await launchBrowser();
  admin = await appPage(browser, web, pageErrors, { viewport: 'desktop' });
  payer = await appPage(browser, web, pageErrors, { viewport: 'phone' });
  await firstVisit(admin, web);
}, 400_000);

afterAll(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A participant with a completed registration and one pending ticket order. */
async function participantWithOrder(label: string, firstName: string, lastName: string): Promise<Participant> {
  const email = `${label}-${Date.now().toString(36)}@example.com`;
  const account = await client.register(email, { firstName, lastName }, PASSWORD);
  const buyer = { ...MARTA_NOWAK, name: `${firstName} ${lastName}` };
  const placed = await client.placeOwnTicketOrder(account, KARNET.id, buyer);
  expect(placed.totalGross).toBe(KARNET.gross);
  return { email, uid: account.uid, orderId: String(placed.orderId), number: String(placed.number) };
}

/** A Pekao-style MT940 statement (Polish `~` sub-fields), balanced, in Windows-1250 like the bank's. */
function mt940(transfers: { amount: number; title: string; name: string; ref: string }[]): Buffer {
  const amount = (g: number) => `${Math.floor(g / 100)},${String(g % 100).padStart(2, '0')}`;
  const opening = 100_000;
  const closing = opening + transfers.reduce((t, x) => t + x.amount, 0);
  const lines = [
    ':20:E2E/2027/07',
    ':25:/PL22102047950000123456789012',
    ':28C:00077/1',
    `:60F:C270714PLN${amount(opening)}`,
  ];
  for (const t of transfers) {
    lines.push(`:61:2707150715C${amount(t.amount)}NTRFNONREF//${t.ref}`);
    const details = `020~00PRZELEW PRZYCHODZĄCY~20${t.title.slice(0, 27)}~21${t.title.slice(27, 54)}~32${t.name}~3810109010140000071219812874`;
    lines.push(`:86:${details.slice(0, 61)}`, ...(details.slice(61).match(/.{1,65}/g) ?? []));
  }
  lines.push(`:62F:C270715PLN${amount(closing)}`, '-');
  const text = `${lines.join('\r\n')}\r\n`;
  return Buffer.from(windows1250(text));
}

describe('bank statement import in Chromium', () => {
  it(
    'three participants order; the exact payer watches their order',
    async () => {
      people.exact = await participantWithOrder('dokladna', 'Łucja', 'Wiśniowiecka');
      people.under = await participantWithOrder('niedoplata', 'Bartosz', 'Żak');
      people.twice = await participantWithOrder('dwarazy', 'Ewa', 'Sęk');
      await signIn(payer, web, { email: people.exact.email, password: PASSWORD });
      await payer.goto(`${web}/dashboard/zamowienia`);
      const card = payer.locator(`[data-testid="order-card"][data-order-number="${people.exact.number}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('pending');
    },
    SLOW,
  );

  it(
    'the admin uploads the statement and the preview shows the three categories',
    async () => {
      const file = path.join(tmp, 'wyciag-2027-07-15.sta');
      writeFileSync(
        file,
        mt940([
          {
            amount: KARNET.gross,
            title: `Opłata ${people.exact.number} karnet`,
            name: 'ŁUCJA WIŚNIOWIECKA',
            ref: 'E2E0001',
          },
          {
            amount: 15_000,
            title: `${people.under.number.toLowerCase().replaceAll('/', ' ')}`,
            name: 'BARTOSZ ŻAK',
            ref: 'E2E0002',
          },
          { amount: KARNET.gross, title: people.twice.number.replaceAll('/', ''), name: 'EWA SĘK', ref: 'E2E0003' },
          { amount: KARNET.gross, title: `${people.twice.number} ponownie`, name: 'EWA SĘK', ref: 'E2E0004' },
        ]),
      );
      await signIn(admin, web, ADMIN);
      await admin.goto(`${web}/dashboard/admin?tab=wyciag`);
      await admin.getByRole('heading', { name: 'Wyciąg bankowy' }).waitFor();
      await admin.locator('input[type="file"]').setInputFiles(file);
      await admin.getByTestId('statement-summary').filter({ hasText: 'Wyciąg MT940 (Windows-1250)' }).waitFor();
      expect(await admin.getByTestId('statement-summary').innerText()).toContain('4 wpływy');
      expect(await admin.getByTestId('category-exact').innerText()).toBe('Zgodna kwota: 2');
      expect(await admin.getByTestId('category-underpaid').innerText()).toBe('Niedopłata: 1');
      expect(await admin.getByTestId('category-already-paid').innerText()).toBe('Już opłacone: 1');
      const underRow = admin.getByTestId('bank-row').filter({ hasText: people.under.number });
      expect(await underRow.getAttribute('data-category')).toBe('underpaid');
      expect(await underRow.getAttribute('data-action')).toBe('skip');
      expect(await underRow.innerText()).toContain('brakuje 39,00');
      const twiceRows = admin.getByTestId('bank-row').filter({ hasText: people.twice.number });
      expect(await twiceRows.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.category))).toEqual([
        'exact',
        'already-paid',
      ]);
      await screenshot(admin, 'bank-import-preview-desktop');
    },
    SLOW,
  );

  it(
    'the admin books; the exact payment turns „opłacone” on the participant’s screen without a reload',
    async () => {
      await admin.getByTestId('bank-book').filter({ hasText: 'Zaksięguj (3)' }).click();
      await admin.getByTestId('confirm-action').click();
      await admin
        .getByTestId('booking-summary')
        .filter({ hasText: 'Zaksięgowano 2 przelewy; do zwrotu: 1 przelew.' })
        .waitFor();

      const card = payer.locator(
        `[data-testid="order-card"][data-order-number="${people.exact.number}"][data-status="paid"]`,
      );
      await card.getByText('opłacone', { exact: true }).waitFor();
      await screenshot(payer, 'bank-import-paid-phone');

      expect(await client.dbGet<string>(`orders/${people.exact.orderId}/status`)).toBe('paid');
      expect(await client.dbGet<string>(`orders/${people.twice.orderId}/status`)).toBe('paid');
      expect(await client.dbGet<string>(`orders/${people.under.orderId}/status`)).toBe('pending');
      // Only this file's participants: the other end-to-end files share the database.
      const ours = new Set(Object.values(people).map((p) => p.uid));
      const candidates = Object.values(
        (await client.dbGet<Record<string, { reason: string; refundGrosze: number; uid: string }>>(
          'bank/refundCandidates',
        )) ?? {},
      ).filter((c) => ours.has(c.uid));
      expect(candidates).toEqual([
        expect.objectContaining({ reason: 'duplicate', refundGrosze: KARNET.gross, uid: people.twice.uid }),
      ]);
      // The preview follows the booking live: what was settled cannot be booked again.
      await admin.getByTestId('category-already-booked').filter({ hasText: 'Zaksięgowane wcześniej: 3' }).waitFor();
      await admin.getByTestId('bank-book').filter({ hasText: 'Zaksięguj (0)' }).waitFor();
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'a 15 MB camt.053 is read off the main thread: the page shows progress and keeps running',
    async () => {
      const entries = 40_000;
      const entry = (i: number) =>
        `<Ntry><Amt Ccy="PLN">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
        `<BookgDt><Dt>2027-07-16</Dt></BookgDt><AcctSvcrRef>E2EBIG${i}</AcctSvcrRef>` +
        `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Darczyńca ${i}</Nm></Dbtr>` +
        `<DbtrAcct><Id><IBAN>PL87194010763151210000000001</IBAN></Id></DbtrAcct></RltdPties>` +
        `<RmtInf><Ustrd>Darowizna ${i} na cele statutowe stowarzyszenia</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
      const balance = (code: string, amount: string) =>
        `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="PLN">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2027-07-16</Dt></Dt></Bal>`;
      const file = path.join(tmp, 'duzy-camt053.xml');
      writeFileSync(
        file,
        `<?xml version="1.0" encoding="UTF-8"?>\n` +
          `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>E2E-BIG</Id>` +
          `${balance('OPBD', '0.00')}${balance('CLBD', `${entries}.00`)}\n` +
          `${Array.from({ length: entries }, (_, i) => entry(i)).join('')}</Stmt></BkToCstmrStmt></Document>\n`,
      );
      // What the page shows while the file is read, and how often its own timer ran meanwhile.
      await admin.evaluate(() => {
        const w = window as unknown as { readingSeen: { percent: string; ticks: number }[]; ticks: number };
        w.readingSeen = [];
        w.ticks = 0;
        setInterval(() => w.ticks++, 20);
        new MutationObserver(() => {
          const percent = document.querySelector('[data-testid="statement-reading"]')?.getAttribute('data-percent');
          if (percent && w.readingSeen.at(-1)?.percent !== percent) w.readingSeen.push({ percent, ticks: w.ticks });
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-percent'],
        });
      });
      await admin.locator('input[type="file"]').setInputFiles(file);
      await admin
        .getByTestId('statement-summary')
        .filter({ hasText: /Wyciąg XML camt\.053 \(UTF-8\): 40\s000 wpływów/ })
        .waitFor({ timeout: 180_000 });
      const seen = await admin.evaluate(
        () => (window as unknown as { readingSeen: { percent: string; ticks: number }[] }).readingSeen,
      );
      // Progress moved through several values, and the page's timer kept running between them.
      const between = seen.filter((s) => Number(s.percent) > 0 && Number(s.percent) < 100);
      expect(between.length).toBeGreaterThanOrEqual(3);
      expect(between.at(-1)!.ticks).toBeGreaterThan(between[0].ticks);
      expect(await admin.getByTestId('statement-reading').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'an uncertain encoding is shown with an example and switched with one click; the preview re-renders',
    async () => {
      // Byte 0xA5 is „Ą” in Windows-1250 and „ą” in CP852: neither reading is sure.
      const file = path.join(tmp, 'wyciag-kodowanie.sta');
      writeFileSync(file, mt940([{ amount: 5_000, title: 'Darowizna na zagle', name: 'MĄKA JAN', ref: 'E2EENC01' }]));
      await admin.locator('input[type="file"]').setInputFiles(file);
      const guess = admin.getByTestId('encoding-guess');
      await guess.filter({ hasText: 'Kodowanie znaków rozpoznano jako Windows-1250, ale nie na pewno.' }).waitFor();
      expect(await guess.innerText()).toContain('MĄKA JAN');
      await guess.getByRole('button', { name: 'CP852' }).click();
      await admin.getByTestId('statement-summary').filter({ hasText: 'Wyciąg MT940 (CP852)' }).waitFor();
      await admin.getByTestId('bank-row').filter({ hasText: 'MąKA JAN' }).waitFor();
      expect(
        await admin
          .locator('input')
          .and(admin.getByLabel('Kodowanie znaków', { exact: true }))
          .inputValue(),
      ).toBe('CP852 (DOS, MultiCash)');
      await admin
        .locator('input')
        .and(admin.getByLabel('Kodowanie znaków', { exact: true }))
        .click();
      await admin.getByRole('option', { name: 'Rozpoznaj automatycznie' }).click();
      await admin.getByTestId('statement-summary').filter({ hasText: 'Wyciąg MT940 (Windows-1250)' }).waitFor();
    },
    SLOW,
  );

  it(
    'a bank CSV layout is recognised and can be chosen by hand; a layout the file does not have is named',
    async () => {
      const file = path.join(ROOT, 'functions/src/domain/bank/fixtures/mbank-lista-operacji-2026-07.csv');
      await admin.locator('input[type="file"]').setInputFiles(file);
      await admin
        .getByTestId('statement-summary')
        .filter({ hasText: 'Wyciąg CSV (UTF-8), układ: mBank (lista operacji): 4 wpływy' })
        .waitFor();
      const layout = admin.locator('input').and(admin.getByLabel('Układ pliku CSV', { exact: true }));
      expect(await layout.inputValue()).toBe('mBank (lista operacji)');
      await layout.click();
      await admin.getByRole('option', { name: 'Bank Pekao' }).click();
      await admin.getByTestId('statement-error').filter({ hasText: 'Plik nie ma układu „Bank Pekao”' }).waitFor();
      expect(await layout.inputValue()).toBe('Bank Pekao');
      await layout.click();
      await admin.getByRole('option', { name: 'Rozpoznaj automatycznie' }).click();
      await admin.getByTestId('statement-summary').filter({ hasText: 'układ: mBank (lista operacji)' }).waitFor();
      expect(await admin.getByTestId('statement-error').count()).toBe(0);
      // How the import page looks with a recognised CSV, on a phone and a desktop, light and dark.
      for (const [viewport, colorScheme] of [
        ['phone', 'light'],
        ['phone', 'dark'],
        ['desktop', 'dark'],
      ] as const) {
        const look = await appPage(browser, web, pageErrors, { viewport, colorScheme });
        await signIn(look, web, ADMIN);
        await look.goto(`${web}/dashboard/admin?tab=wyciag`);
        await look.locator('input[type="file"]').setInputFiles(file);
        await look.getByTestId('statement-summary').waitFor();
        await screenshot(look, `bank-import-csv-layout-${viewport}-${colorScheme}`);
        await look.context().close();
      }
      await screenshot(admin, 'bank-import-csv-layout-desktop-light');
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'a 50 MB file is refused with a Polish message before anything is read or written',
    async () => {
      const big = path.join(tmp, 'za-duzy.csv');
      writeFileSync(big, Buffer.alloc(50 * 1024 * 1024, 0x41));
      const before = await client.dbGet('bank');
      await admin.locator('input[type="file"]').setInputFiles(big);
      await admin
        .getByTestId('statement-error')
        .filter({ hasText: 'Plik jest za duży (50,0 MB). Wyciąg może mieć najwyżej 20,0 MB' })
        .waitFor();
      expect(await admin.getByTestId('bank-row').count()).toBe(0);
      expect(await client.dbGet('bank')).toEqual(before);
    },
    SLOW,
  );
});
