#!/usr/bin/env node
// Bank statement import: `npm run bench:bank [-- --transactions 5000 --orders 5000 --book 500]`.
//
// 1. Preview: a synthetic statement of N transfers (MT940 in Windows-1250, mBank-style CSV in
//    Windows-1250, camt.053 XML) read and matched against M orders by the same pure domain code the
//    admin's browser runs (functions/lib/domain/bank, built from functions/src/domain/bank):
//    readStatementFile (decode, parse) + matchStatement. First run (cold) and the median of 7.
// 2. Booking: the local stack (our RTDB emulator + the Auth and Functions emulators), B pending
//    orders written with the Admin SDK, and bookBankTransactions called the way the admin page
//    calls it (25 transfers per call, one call after another), then the same statement again
//    (everything already settled). Results are meant for docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { deleteApp as deleteAdminApp, initializeApp as initAdmin } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { ROOT, buildAll, startStack } from '../../../scripts/lib/stack.mjs';
import { flag, option } from '../../helpers/benchArgs.mjs';
import { PERSON } from '../../helpers/buyers.mjs';
import { windows1250 } from '../../helpers/windows1250.mjs';

const N = Number(option('transactions', 5000));
const M = Number(option('orders', 5000));
const B = Number(option('book', 500));
const PREVIEW_ONLY = flag('preview-only');

if (!flag('no-build')) {
  if (PREVIEW_ONLY) {
    const r = spawnSync('npm', ['run', 'build', '-w', 'functions'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) process.exit(1);
  } else buildAll();
}
const bank = await import('../../../functions/lib/domain/bank/index.js');
const { formatOrderNumber } = await import('../../../functions/lib/domain/numbering.js');
const { computeTotals } = await import('../../../functions/lib/domain/vat.js');

// ------------------------------------------------------------------ synthetic data

const FIRST = [
  'Jan',
  'Anna',
  'Łukasz',
  'Zofia',
  'Grzegorz',
  'Małgorzata',
  'Paweł',
  'Ewa',
  'Michał',
  'Agnieszka',
  'Żaneta',
  'Bartosz',
];
const LAST = [
  'Kowalski',
  'Wąsik',
  'Żółć',
  'Nowak',
  'Brzęczyszczykiewicz',
  'Wiśniewska',
  'Lewandowski',
  'Dąbrowska',
  'Sęk',
  'Zieliński',
];
const PRICES = [18900, 7900, 9900, 8900, 3500, 14800];
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(rand() * list.length)];
const account = (i) => `${String(10 + (i % 89)).padStart(2, '0')}1020102600001234${String(i).padStart(8, '0')}`;

/** M orders: most pending, some paid, some cancelled (as the admin page reads them). */
function makeOrders(count) {
  return Array.from({ length: count }, (_, i) => ({
    id: `o${i + 1}`,
    number: formatOrderNumber(2027, i + 1),
    status: i % 40 === 7 ? 'paid' : i % 50 === 9 ? 'cancelled' : 'pending',
    gross: PRICES[i % PRICES.length],
    label: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
  }));
}

/** How people type order numbers. */
function titleFor(number, i) {
  const [, year, seq] = number.split('/');
  const forms = [
    number,
    `${number} ${pick(FIRST)} ${pick(LAST)}`,
    `zam ${year} ${Number(seq)}`,
    `ZAM${year}${seq}`,
    `Opłata za zamówienie nr ${year}/${Number(seq)}`,
    `zam. ${year}-${seq} bilet`,
  ];
  return forms[i % forms.length];
}

/** N incoming transfers with the mix a statement has: exact, several orders, under/over, duplicates, cancelled, unknown, plus fees. */
function makeTransfers(orders, count) {
  const out = [];
  for (let i = 0; out.length < count; i++) {
    const o = orders[i % orders.length];
    const name = `${pick(FIRST)} ${pick(LAST)}`.toUpperCase();
    const kind = i % 100;
    if (kind < 4) {
      const o2 = orders[(i + 1) % orders.length];
      out.push({ amount: o.gross + o2.gross, title: `${o.number}, ${o2.number}`, name, acct: account(i) });
    } else if (kind < 8) out.push({ amount: o.gross - 1000, title: titleFor(o.number, i), name, acct: account(i) });
    else if (kind < 11) out.push({ amount: o.gross + 500, title: titleFor(o.number, i), name, acct: account(i) });
    else if (kind < 13) out.push({ amount: 5000, title: 'Darowizna na organizację zlotu', name, acct: account(i) });
    else if (kind < 14) out.push({ amount: -1250, title: 'Opłata za prowadzenie rachunku', name: '', acct: '' });
    else out.push({ amount: o.gross, title: titleFor(o.number, i), name, acct: account(i) });
  }
  return out;
}
const amountComma = (g) => `${Math.floor(Math.abs(g) / 100)},${String(Math.abs(g) % 100).padStart(2, '0')}`;
const amountDot = (g) => `${Math.floor(Math.abs(g) / 100)}.${String(Math.abs(g) % 100).padStart(2, '0')}`;

function mt940(transfers) {
  const lines = [':20:BENCH/2027', ':25:/PL61109010140000071219812874', ':28C:00001/1', ':60F:C270701PLN1000,00'];
  let balance = 100000;
  transfers.forEach((t, i) => {
    balance += t.amount;
    lines.push(
      `:61:2707010701${t.amount > 0 ? 'C' : 'D'}${amountComma(t.amount)}NTRFNONREF//B${String(i).padStart(9, '0')}`,
    );
    const title = t.title.padEnd(54).slice(0, 54);
    const details =
      `020~00PRZELEW PRZYCHODZĄCY~20${title.slice(0, 27)}~21${title.slice(27).trimEnd()}` +
      `~22~23~24~25~30${t.acct.slice(2, 10)}~31${t.acct.slice(10)}~32${t.name.slice(0, 27)}~33` +
      `${t.name.slice(27)}~38PL${t.acct}`;
    lines.push(`:86:${details.slice(0, 61)}`, ...(details.slice(61).match(/.{1,65}/g) ?? []));
  });
  lines.push(`:62F:C270701PLN${amountComma(balance)}`, '-');
  return windows1250(`${lines.join('\r\n')}\r\n`);
}

function mbankCsv(transfers) {
  const rows = [
    'mBank S.A. Bankowość Detaliczna;',
    '#Za okres:;',
    '2027-07-01;2027-07-31;',
    '',
    '#Data operacji;#Data księgowania;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji;',
  ];
  transfers.forEach((t) =>
    rows.push(
      `2027-07-01;2027-07-01;PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY;"${t.title}";"${t.name}";'${t.acct}';${t.amount < 0 ? '-' : ''}${amountComma(t.amount)};0,00;`,
    ),
  );
  return windows1250(`${rows.join('\r\n')}\r\n`);
}

function camt(transfers) {
  const entries = transfers.map(
    (t, i) =>
      `<Ntry><Amt Ccy="PLN">${amountDot(t.amount)}</Amt><CdtDbtInd>${t.amount > 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd>` +
      `<Sts>BOOK</Sts><BookgDt><Dt>2027-07-01</Dt></BookgDt><AcctSvcrRef>C${i}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${t.name}</Nm></Dbtr>` +
      `<DbtrAcct><Id><IBAN>PL${t.acct}</IBAN></Id></DbtrAcct></RltdPties>` +
      `<RmtInf><Ustrd>${t.title}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  );
  const total = transfers.reduce((s, t) => s + t.amount, 0);
  const balance = (code, amount) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="PLN">${amountDot(amount)}</Amt>` +
    `<CdtDbtInd>${amount >= 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd><Dt><Dt>2027-07-01</Dt></Dt></Bal>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>B</MsgId><CreDtTm>2027-07-02T06:00:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>1</Id><Acct><Id><IBAN>PL61109010140000071219812874</IBAN></Id></Acct>` +
    `${balance('OPBD', 0)}${balance('CLBD', total)}\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>\n`;
  return new TextEncoder().encode(xml);
}

// ------------------------------------------------------------------ 1. preview

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

function preview() {
  const orders = makeOrders(M);
  const transfers = makeTransfers(orders, N);
  const results = [];
  for (const [label, bytes] of [
    ['MT940, Windows-1250', mt940(transfers)],
    ['CSV (mBank), Windows-1250', mbankCsv(transfers)],
    ['camt.053 XML, UTF-8', camt(transfers)],
  ]) {
    const parseTimes = [];
    const matchTimes = [];
    let match;
    for (let run = 0; run < 8; run++) {
      const t0 = performance.now();
      const read = bank.readStatementFile(bytes);
      const t1 = performance.now();
      if (!read.ok) throw new Error(`${label}: mapping needed`);
      match = bank.matchStatement({ transactions: read.statement.transactions, orders, settled: {} });
      const t2 = performance.now();
      parseTimes.push(t1 - t0);
      matchTimes.push(t2 - t1);
    }
    const totals = parseTimes.map((p, i) => p + matchTimes[i]);
    results.push({
      label,
      size: `${(bytes.length / 1024 / 1024).toFixed(2)} MB`,
      cold: ms(totals[0]),
      parse: ms(median(parseTimes.slice(1))),
      match: ms(median(matchTimes.slice(1))),
      total: ms(median(totals.slice(1))),
      counts: match.counts,
    });
  }
  console.log(
    `\nPreview: ${N} transfers against ${M} orders (readStatementFile + matchStatement; cold = first run, others = median of 7)`,
  );
  console.table(results.map(({ counts: _counts, ...r }) => r));
  console.log('Categories (last format):', JSON.stringify(results.at(-1).counts));
}

// ------------------------------------------------------------------ 2. booking

async function booking() {
  const loadBefore = os.loadavg()[0].toFixed(1);
  const stack = await startStack({ ports: 'free', seed: false, web: false });
  Object.assign(process.env, stack.env);
  const adminApp = initAdmin(
    { projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` },
    'bench-bank-admin',
  );
  const db = getDatabase(adminApp);
  const adminAuth = getAdminAuth(adminApp);
  const apps = [];
  try {
    const email = `bench-admin-${randomUUID().slice(0, 8)}@example.com`;
    const { uid: adminUid } = await adminAuth.createUser({ email, password: 'haslo-bench-123' });
    await adminAuth.setCustomUserClaims(adminUid, { admin: true });
    const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-key', appId: 'demo' }, 'bench-bank');
    apps.push(app);
    const auth = getAuth(app);
    connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, email, 'haslo-bench-123');
    const functions = getFunctions(app, stack.region);
    const fnUrl = new URL(stack.urls.functions);
    connectFunctionsEmulator(functions, fnUrl.hostname, Number(fnUrl.port));
    const book = httpsCallable(functions, 'bookBankTransactions', { timeout: 300_000 });

    await db.ref('event').set({
      name: 'Zlot',
      place: 'Hel',
      startDate: '2027-07-16',
      endDate: '2027-07-18',
      pickupInfo: '',
      seller: {
        name: 'Stowarzyszenie',
        street: 'ul. Portowa 12',
        postalCode: '84-150',
        city: 'Hel',
        nip: '1234563218',
        bankName: 'Bank',
        bankAccount: '61109010140000071219812874',
      },
    });
    await db.ref('ticketTypes/karnet').set({
      name: 'Karnet',
      description: '',
      priceGrosze: 18900,
      vatRate: 8,
      quota: 1_000_000,
      sold: B + 20,
      active: true,
      sortOrder: 1,
      pickupLabel: 'Opaska',
    });
    const now = Date.now();
    const order = (i) => {
      const lines = {
        l1: {
          type: 'ticket',
          name: 'Karnet',
          unitGross: 18900,
          quantity: 1,
          vatRate: 8,
          ticketTypeId: 'karnet',
          memberId: 'self',
          memberName: 'Bench Kupujący',
        },
      };
      const t = computeTotals([{ unitGross: 18900, quantity: 1, vatRate: 8 }]);
      return {
        uid: `benchUser${i}`,
        number: formatOrderNumber(2027, i + 1),
        kind: 'tickets',
        status: 'pending',
        lines,
        totals: {
          net: t.net,
          vat: t.vat,
          gross: t.gross,
          perRate: Object.fromEntries(t.perRate.map((r) => [`r${r.vatRate}`, r])),
        },
        buyer: {
          email: `bench${i}@example.com`,
          invoice: { ...PERSON, name: 'Bench Kupujący' },
        },
        idempotencyKey: randomUUID(),
        createdAt: now,
      };
    };
    const warm = 20;
    const fixtures = {};
    for (let i = 0; i < B + warm; i++) fixtures[`orders/o${i}`] = order(i);
    await db.ref().update(fixtures);
    const item = (i) => ({
      transaction: {
        bookingDate: '2027-07-01',
        amountGrosze: 18900,
        currency: 'PLN',
        title: formatOrderNumber(2027, i + 1),
        payerName: 'BENCH',
        payerAccount: account(i),
        reference: `BENCH${i}`,
      },
      action: { kind: 'book', orderIds: [`o${i}`] },
    });
    const source = { format: 'mt940', fileName: 'bench.sta' };
    // Warm-up: the first call starts a worker process and loads the code.
    await book({ items: Array.from({ length: warm }, (_, k) => item(B + k)), source });

    const run = async (label) => {
      const latencies = [];
      const outcomes = {};
      const t0 = performance.now();
      for (let i = 0; i < B; i += 25) {
        const c0 = performance.now();
        const { data } = await book({
          items: Array.from({ length: Math.min(25, B - i) }, (_, k) => item(i + k)),
          source,
        });
        latencies.push(performance.now() - c0);
        for (const r of data.results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      }
      const wall = performance.now() - t0;
      latencies.sort((a, b) => a - b);
      return {
        label,
        transfers: B,
        wallMs: Math.round(wall),
        perSecond: +(B / (wall / 1000)).toFixed(1),
        callP50: Math.round(median(latencies)),
        callMax: Math.round(latencies.at(-1)),
        outcomes: JSON.stringify(outcomes),
      };
    };
    const first = await run(`${B} transfers booked, 25 per call`);
    const again = await run('the same statement again (all settled)');
    const invoices = Object.keys((await db.ref('invoices').get()).val() ?? {}).length;
    console.log(
      `\nBooking through bookBankTransactions (one admin, calls one after another, as the admin page sends them)`,
    );
    console.table([first, again]);
    console.log(
      `Invoices issued: ${invoices} (expected ${B + warm}); machine: ${os.cpus().length} × ` +
        `${os.cpus()[0]?.model?.trim()}, Node ${process.version}` +
        `, Functions emulator parallel requests: ` +
        `${stack.functionsParallel ?? process.env.FUNCTIONS_EMULATOR_PARALLEL ?? 'default'}` +
        `; 1-minute load average ${loadBefore}→${os.loadavg()[0].toFixed(1)}; ` +
        `${new Date().toISOString()}`,
    );
  } finally {
    await Promise.allSettled(apps.map((a) => deleteApp(a)));
    await db.goOffline();
    await deleteAdminApp(adminApp);
    await stack.stop();
  }
}

preview();
if (!PREVIEW_ONLY) await booking();
process.exit(0);
