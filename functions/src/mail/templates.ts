/**
 * The texts of the e-mails: Polish, an HTML part laid out for a phone (one column, 16 px text, at most
 * 600 px wide, inline styles only — mail programs drop style sheets) and a plain-text part with the
 * same content. Pure functions of the data; everything user-typed is HTML-escaped.
 */
import {
  formatMoney,
  formatWarsawDateTime,
  isPaidByDiscount,
  orderLineDetail,
  orderLineQuantity,
  pluralForm,
  type Invoice,
  type Order,
  type PickupItem,
  type Seller,
} from '../domain/index.js';
import type { CorrectionInvoice } from '../domain/refunds.js';
import { paymentQrCarriesAmount, paymentQrTypeAmountNote } from '../domain/paymentQr.js';

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  eventName: string;
  appUrl: string;
}

const NAVY = '#0a2a66';
export const PAYMENT_QR_CID = 'payment-qr';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const money = (grosze: number) => formatMoney(grosze);

const dateFormat = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const formatMailDate = (ms: number) => dateFormat.format(ms);
const timeFormat = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' });
/**
 * A payment deadline as the screens show it: `27 listopada 2026, do godz. 23:59` (Warsaw time).
 * Deadlines end with their Warsaw day (domain paymentDeadline); older orders show their real minute.
 */
const formatMailDeadline = (ms: number) => `${formatMailDate(ms)}, do godz. ${timeFormat.format(ms)}`;
/** `2026-07-03` → `3 lipca 2026`. */
const isoDay = (iso: string) => dateFormat.format(new Date(`${iso}T12:00:00Z`));

/** `22102047950000123456789012` → `22 1020 4795 0000 1234 5678 9012`. */
function formatAccount(digits: string): string {
  return digits.length === 26 ? `${digits.slice(0, 2)} ${digits.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}` : digits;
}

const ITEMS = ['przedmiot', 'przedmioty', 'przedmiotów'] as const;

// ——— building blocks: each returns [html, text] ———
type Part = [string, string];

const paragraph = (text: string): Part => [`<p style="margin:0 0 16px">${escapeHtml(text)}</p>`, text];
const rawParagraph = (html: string, text: string): Part => [`<p style="margin:0 0 16px">${html}</p>`, text];

function button(label: string, url: string): Part {
  return [
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${NAVY};` +
      `color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`,
    `${label}: ${url}`,
  ];
}

/** Label/value rows (a two-column table; on a narrow screen the values wrap under long labels). */
function facts(rows: [string, string][]): Part {
  const html = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#5a6478;vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td>` +
        `<td style="padding:6px 0;font-weight:bold;word-break:break-word">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  return [
    `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${html}</table>`,
    rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
  ];
}

function lineTable(rows: { name: string; detail?: string; amount: string }[], total?: string): Part {
  const body = rows
    .map(
      (r) =>
        `<tr><td style="padding:8px 8px 8px 0;border-bottom:1px solid #e3e8f0">${escapeHtml(r.name)}` +
        (r.detail ? `<br><span style="color:#5a6478;font-size:14px">${escapeHtml(r.detail)}</span>` : '') +
        '</td><td style="padding:8px 0;border-bottom:1px solid #e3e8f0;text-align:right;white-space:nowrap">' +
        `${escapeHtml(r.amount)}</td></tr>`,
    )
    .join('');
  const foot = total
    ? `<tr><td style="padding:10px 8px 0 0;font-weight:bold">Razem (z VAT)</td><td style="padding:10px 0 0;text-align:right;font-weight:bold;white-space:nowrap">${escapeHtml(total)}</td></tr>`
    : '';
  const text =
    rows.map((r) => `- ${r.name}${r.detail ? ` (${r.detail})` : ''}: ${r.amount}`).join('\n') +
    (total ? `\nRazem (z VAT): ${total}` : '');
  return [
    `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${body}${foot}</table>`,
    text,
  ];
}

function heading(text: string): Part {
  return [
    `<h2 style="font-size:18px;margin:24px 0 8px;color:${NAVY}">${escapeHtml(text)}</h2>`,
    `\n${text.toUpperCase()}`,
  ];
}

function layout(ctx: MailContext, title: string, parts: Part[], footer: string): { html: string; text: string } {
  const html = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f9">
<div style="max-width:600px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#14223b">
<p style="margin:0 0 4px;font-size:13px;font-weight:bold;letter-spacing:.04em;text-transform:uppercase;color:${NAVY}">${escapeHtml(ctx.eventName)}</p>
<div style="background:#ffffff;border-radius:12px;padding:20px">
<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(title)}</h1>
${parts.map(([h]) => h).join('\n')}
</div>
<p style="margin:16px 0;font-size:13px;color:#5a6478">${escapeHtml(footer)}</p>
</div></body></html>`;
  const text = `${ctx.eventName}\n\n${title}\n\n${parts.map(([, t]) => t).join('\n\n')}\n\n--\n${footer}\n`;
  return { html, text };
}

const FOOTER_ESSENTIAL =
  'Tę wiadomość wysłaliśmy, bo dotyczy Twojego zamówienia w panelu uczestnika. Prosimy na nią nie odpowiadać.';
const FOOTER_OPTIONAL =
  'Wiadomości powitalne i potwierdzenia odbioru możesz wyłączyć w panelu: Ustawienia → Powiadomienia e-mail. Prosimy nie odpowiadać na tę wiadomość.';

/** Every line with its quantity, variant and the participant it is for (domain orderLines.ts, as on the screens). */
function orderLines(order: Order): { name: string; detail?: string; amount: string }[] {
  return Object.entries(order.lines)
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, l]) => ({
      name: l.name,
      detail: [orderLineQuantity(l), orderLineDetail(l)].filter(Boolean).join(' · '),
      amount: money(l.unitGross * l.quantity),
    }));
}

function transferFacts(seller: Seller, amount: number, title: string, payBy?: number): Part {
  return facts([
    ['Odbiorca', `${seller.name}, ${seller.street}, ${seller.postalCode} ${seller.city}`],
    ['Numer konta', formatAccount(seller.bankAccount)],
    ['Kwota', money(amount)],
    ['Tytuł przelewu', title],
    ...(payBy !== undefined ? ([['Termin wpłaty', formatMailDeadline(payBy)]] as [string, string][]) : []),
  ]);
}

export function orderPlacedMail(
  ctx: MailContext,
  input: { order: Order; seller: Seller | null; payBy?: number; hasQr: boolean },
): Rendered {
  const { order, seller, payBy, hasQr } = input;
  if (order.status === 'paid') return orderSettledByDiscountMail(ctx, order);
  const title = `Zamówienie ${order.number} przyjęte`;
  const parts: Part[] = [
    paragraph(`Dziękujemy za zamówienie na wydarzenie „${ctx.eventName}”. Czeka ono na płatność przelewem.`),
    heading('Zamówione pozycje'),
    lineTable(orderLines(order), money(order.totals.gross)),
  ];
  if (seller) {
    parts.push(heading('Dane do przelewu'), transferFacts(seller, order.totals.gross, order.number, payBy));
    if (hasQr) {
      // Above 9 999,99 zł the code leaves the amount to the payer (domain/paymentQr.ts): say so next to it.
      const carriesAmount = paymentQrCarriesAmount(order.totals.gross);
      const fills = carriesAmount
        ? 'Kod wypełni numer konta, kwotę, odbiorcę i tytuł przelewu.'
        : 'Kod wypełni numer konta, odbiorcę i tytuł przelewu.';
      parts.push([
        '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px"><tr>' +
          '<td style="padding:0 16px 0 0;vertical-align:middle">' +
          `<img src="cid:${PAYMENT_QR_CID}" width="180" height="180" alt="Kod QR do zapłaty przelewem" ` +
          'style="display:block;width:180px;height:180px;border:0"></td>' +
          '<td style="vertical-align:middle"><strong>Zeskanuj w aplikacji banku</strong><br>' +
          `<span style="font-size:14px;color:#5a6478">${fills}</span></td></tr></table>`,
        `Możesz też zeskanować kod QR z wersji HTML tej wiadomości w aplikacji banku. ${fills}`,
      ]);
      if (!carriesAmount) parts.push(paragraph(paymentQrTypeAmountNote(order.totals.gross)));
    }
    parts.push(
      paragraph('W tytule przelewu wpisz wyłącznie numer zamówienia — dzięki temu szybciej zaksięgujemy wpłatę.'),
    );
    if (payBy !== undefined)
      parts.push(
        paragraph(
          `Jeśli wpłata nie dotrze do ${formatMailDate(payBy)}, godz. ${timeFormat.format(payBy)}, zamówienie zostanie anulowane, a zarezerwowane bilety i produkty wrócą do sprzedaży.`,
        ),
      );
  } else {
    parts.push(
      paragraph(
        'Organizator nie podał jeszcze numeru konta. Dane do przelewu znajdziesz w panelu, w zakładce Zamówienia.',
      ),
    );
  }
  parts.push(button('Zobacz zamówienie', `${ctx.appUrl}/dashboard/zamowienia`));
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

/** A discount code left nothing to pay: the order is confirmed as placed, with no transfer and no invoice (docs/discounts.md). */
function orderSettledByDiscountMail(ctx: MailContext, order: Order): Rendered {
  const title = `Zamówienie ${order.number} potwierdzone`;
  const parts: Part[] = [
    paragraph(
      `Dziękujemy za zamówienie na wydarzenie „${ctx.eventName}”. Dzięki kodowi rabatowemu ` +
        `${order.discount?.code ?? ''} nie ma nic do zapłaty — zamówienie jest już potwierdzone. ` +
        'Nie wystawiamy faktury, bo nie było sprzedaży za opłatą.',
    ),
    heading('Zamówione pozycje'),
    lineTable(orderLines(order), money(order.totals.gross)),
    button('Zobacz zamówienie', `${ctx.appUrl}/dashboard/zamowienia`),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

/** The KSeF line of the e-mail that carries a document queued for KSeF: its number and KOD I follow in their own message. */
const KSEF_FOLLOWS = (what: string) =>
  paragraph(
    `${what} trafi automatycznie do Krajowego Systemu e-Faktur (KSeF). Numer KSeF i link weryfikacyjny (KOD I) ` +
      'wyślemy w osobnej wiadomości, gdy KSeF ją przyjmie; pojawią się też przy dokumencie w panelu.',
  );

export function paymentBookedMail(
  ctx: MailContext,
  input: {
    order: Order;
    invoice: Pick<Invoice, 'number' | 'totals'>;
    invoiceId: string;
    pickupItems: number;
    ksefQueued?: boolean;
  },
): Rendered {
  const { order, invoice, invoiceId, pickupItems } = input;
  const title = `Płatność za zamówienie ${order.number} zaksięgowana`;
  const parts: Part[] = [
    paragraph(
      `Zaksięgowaliśmy wpłatę ${money(invoice.totals.gross)} za zamówienie ${order.number}. Zamówienie jest opłacone.`,
    ),
    facts([
      ['Zamówienie', order.number],
      ['Faktura VAT', invoice.number],
      ['Kwota', money(invoice.totals.gross)],
    ]),
    paragraph(`Faktura VAT ${invoice.number} jest w załączniku (PDF). Znajdziesz ją też w panelu, w zakładce Faktury.`),
  ];
  if (input.ksefQueued) parts.push(KSEF_FOLLOWS(`Faktura ${invoice.number}`));
  if (pickupItems > 0)
    parts.push(
      paragraph(
        `Do odebrania na wydarzeniu: ${pickupItems} ${pluralForm(pickupItems, ITEMS)}. Pokaż w punkcie odbioru swój kod odbioru z panelu.`,
      ),
    );
  parts.push(button('Zobacz fakturę', `${ctx.appUrl}/dashboard/faktury/${encodeURIComponent(invoiceId)}`));
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

export function orderCancelledMail(
  ctx: MailContext,
  input: { order: Order; by: 'owner' | 'admin' | 'expiry' },
): Rendered {
  const { order, by } = input;
  const title = `Zamówienie ${order.number} anulowane`;
  const why =
    by === 'owner'
      ? 'Anulowaliśmy zamówienie na Twoją prośbę.'
      : by === 'expiry'
        ? `Zamówienie zostało anulowane, bo wpłata nie dotarła w terminie${order.payBy ? ` (${formatMailDeadline(order.payBy)})` : ''}.`
        : 'Organizator anulował zamówienie.';
  const parts: Part[] = [
    paragraph(why),
    lineTable(orderLines(order), money(order.totals.gross)),
    paragraph(
      isPaidByDiscount(order)
        ? 'Bilety i produkty wróciły do puli, a kod rabatowy można wykorzystać ponownie.'
        : 'Zarezerwowane bilety i produkty wróciły do sprzedaży. Jeśli przelew został już wysłany, skontaktuj się z organizatorem — pieniądze zostaną zwrócone.',
    ),
    button('Zobacz zamówienia', `${ctx.appUrl}/dashboard/zamowienia`),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

export function refundApprovedMail(
  ctx: MailContext,
  input: {
    correction: Pick<
      CorrectionInvoice,
      'number' | 'orderNumber' | 'refundAmount' | 'refundAccount' | 'refundThrough' | 'reason' | 'corrected'
    >;
    ksefQueued?: boolean;
  },
): Rendered {
  const c = input.correction;
  const title = `Zwrot za zamówienie ${c.orderNumber} zatwierdzony`;
  // An order paid online gets its money back through the provider, to the account or card it came from.
  const online = c.refundThrough === 'przelewy24';
  const parts: Part[] = [
    paragraph(
      online
        ? `Zatwierdziliśmy zwrot ${money(c.refundAmount)} za zamówienie ${c.orderNumber}. Zamówienie było ` +
            'opłacone online, więc pieniądze wrócą przez Przelewy24 na rachunek lub kartę, z których zapłacono; ' +
            'napiszemy, gdy operator potwierdzi zwrot.'
        : `Zatwierdziliśmy zwrot ${money(c.refundAmount)} za zamówienie ${c.orderNumber}. Przelejemy go na podane konto; napiszemy, gdy przelew zostanie wysłany.`,
    ),
    facts([
      ['Kwota zwrotu', money(c.refundAmount)],
      online
        ? ['Sposób zwrotu', 'przez Przelewy24, tą samą metodą, którą zapłacono']
        : ['Na konto', formatAccount(c.refundAccount)],
      ['Faktura korygująca', c.number],
      ['Do faktury', c.corrected.number],
      ['Przyczyna korekty', c.reason],
    ]),
    paragraph(`Faktura korygująca ${c.number} jest w załączniku (PDF) i w panelu, w zakładce Faktury.`),
    ...(input.ksefQueued ? [KSEF_FOLLOWS(`Faktura korygująca ${c.number}`)] : []),
    button('Zobacz faktury', `${ctx.appUrl}/dashboard/faktury`),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

export function refundTransferredMail(
  ctx: MailContext,
  input: {
    correction: Pick<CorrectionInvoice, 'number' | 'orderNumber' | 'refundAmount' | 'refundAccount' | 'refundThrough'>;
    transferredOn: string;
  },
): Rendered {
  const c = input.correction;
  if (c.refundThrough === 'przelewy24') {
    const title = `Zwrot ${money(c.refundAmount)} wykonany`;
    const parts: Part[] = [
      paragraph(
        `${isoDay(input.transferredOn)} Przelewy24 potwierdziło zwrot ${money(c.refundAmount)} za zamówienie ${c.orderNumber} na rachunek lub kartę, z których zapłacono.`,
      ),
      paragraph(
        `Zwrot dotyczy faktury korygującej ${c.number}. Pieniądze powinny być widoczne w ciągu kilku dni roboczych, zależnie od banku lub wydawcy karty.`,
      ),
    ];
    return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
  }
  const title = `Zwrot ${money(c.refundAmount)} przelany`;
  const parts: Part[] = [
    paragraph(
      `${isoDay(input.transferredOn)} przelaliśmy zwrot ${money(c.refundAmount)} za zamówienie ${c.orderNumber} na konto ${formatAccount(c.refundAccount)}.`,
    ),
    paragraph(
      `Zwrot dotyczy faktury korygującej ${c.number}. Pieniądze powinny być na koncie w ciągu 1–2 dni roboczych.`,
    ),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

export function itemsHandedOutMail(
  ctx: MailContext,
  input: { items: Pick<PickupItem, 'label' | 'quantity' | 'memberName'>[]; at: number; byName?: string },
): Rendered {
  const count = input.items.reduce((sum, i) => sum + i.quantity, 0);
  const title = `Odebrano ${count} ${pluralForm(count, ITEMS)}`;
  const parts: Part[] = [
    paragraph(
      `Potwierdzamy odbiór w punkcie odbioru, ${formatWarsawDateTime(input.at)}${input.byName ? ` (wydał(a): ${input.byName})` : ''}:`,
    ),
    lineTable(input.items.map((i) => ({ name: i.label, detail: i.memberName, amount: `${i.quantity} szt.` }))),
    paragraph('Jeśli czegoś brakuje, zgłoś to od razu w punkcie odbioru.'),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_OPTIONAL) };
}

/** The checkout's first step of the ticket basket: the offered ticket is already in the basket. */
const WAITING_OFFER_CHECKOUT_PATH = '/dashboard/uczestnicy/basket/TicketsStepOne';

export function waitingOfferMail(
  ctx: MailContext,
  input: { memberName: string; ticketName: string; expiresAt: number },
): Rendered {
  const title = `Zwolnił się bilet „${input.ticketName}”`;
  const deadline = formatWarsawDateTime(input.expiresAt);
  const parts: Part[] = [
    paragraph(
      `Na liście oczekujących przyszła kolej na: ${input.memberName}. Bilet „${input.ticketName}” czeka na Ciebie i nikt inny nie może go kupić do ${deadline}.`,
    ),
    paragraph(
      'Bilet jest już w Twoim koszyku — wystarczy dokończyć zamówienie. Jeśli go nie kupisz do tego czasu, przejdzie na następną osobę z listy.',
    ),
    facts([
      ['Bilet', input.ticketName],
      ['Uczestnik', input.memberName],
      ['Rezerwacja ważna do', deadline],
    ]),
    button('Kup bilet', `${ctx.appUrl}${WAITING_OFFER_CHECKOUT_PATH}`),
  ];
  return { subject: `Zwolnił się bilet — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

/** The ticket basket: the participant may join the list again from there while the type is sold out. */
const WAITING_LIST_BASKET_PATH = '/dashboard/uczestnicy/TicketBasket';

export function waitingOfferExpiredMail(
  ctx: MailContext,
  input: { memberName: string; ticketName: string; expiresAt: number },
): Rendered {
  const title = `Rezerwacja biletu „${input.ticketName}” wygasła`;
  const deadline = formatWarsawDateTime(input.expiresAt);
  const parts: Part[] = [
    paragraph(
      `Bilet „${input.ticketName}” czekał na: ${input.memberName} do ${deadline}. Zamówienie nie zostało złożone w tym czasie, więc bilet przeszedł na następną osobę z listy oczekujących.`,
    ),
    paragraph(
      'Nie pobraliśmy żadnej opłaty. Jeśli nadal chcesz jechać, możesz ponownie zapisać się na listę oczekujących — trafisz na jej koniec.',
    ),
    facts([
      ['Bilet', input.ticketName],
      ['Uczestnik', input.memberName],
      ['Rezerwacja wygasła', deadline],
    ]),
    button('Przejdź do biletów', `${ctx.appUrl}${WAITING_LIST_BASKET_PATH}`),
  ];
  return { subject: `Rezerwacja biletu wygasła — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

export function welcomeMail(ctx: MailContext, input: { firstName: string }): Rendered {
  const title = `Witaj, ${input.firstName}!`;
  const parts: Part[] = [
    paragraph(`Twoje konto w panelu uczestnika wydarzenia „${ctx.eventName}” jest gotowe.`),
    rawParagraph(
      'W panelu dodasz uczestników, kupisz bilety i produkty ze sklepiku, opłacisz zamówienia przelewem (także kodem QR z aplikacji banku) i pobierzesz faktury.',
      'W panelu dodasz uczestników, kupisz bilety i produkty ze sklepiku, opłacisz zamówienia przelewem (także kodem QR z aplikacji banku) i pobierzesz faktury.',
    ),
    button('Przejdź do panelu', `${ctx.appUrl}/dashboard`),
  ];
  return { subject: `Witamy — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_OPTIONAL) };
}

/** A document's page in the panel: invoices by id, corrections on the invoices list. */
const documentUrl = (ctx: MailContext, documentId: string) =>
  documentId.startsWith('KOR-')
    ? `${ctx.appUrl}/dashboard/faktury`
    : `${ctx.appUrl}/dashboard/faktury/${encodeURIComponent(documentId)}`;
const documentName = (documentId: string, number: string) =>
  documentId.startsWith('KOR-') ? `Faktura korygująca ${number}` : `Faktura VAT ${number}`;
const link = (url: string): Part =>
  rawParagraph(`<a href="${escapeHtml(url)}" style="color:${NAVY};word-break:break-all">${escapeHtml(url)}</a>`, url);

/** KOD II of an offline document: what it is, and its link (kody-qr.md: labelled CERTYFIKAT). */
const kodIIParts = (kodII: string): Part[] => [
  paragraph('KOD II (CERTYFIKAT) — potwierdzenie wystawcy faktury wystawionej w trybie offline:'),
  link(kodII),
];

/**
 * KSeF accepted a document: its KSeF number and the KOD I verification link (docs/ksef.md). An offline one (handed out
 * offline, or recorded offline by KSeF) carries both codes for good (kody-qr.md): KOD II too, and its PDF is attached
 * with the number under KOD I and KOD II beside it.
 */
export function ksefAcceptedMail(
  ctx: MailContext,
  input: { documentId: string; number: string; ksefNumber: string; kodI: string; offline?: boolean; kodII?: string },
): Rendered {
  const name = documentName(input.documentId, input.number);
  const title = `${name} w KSeF: numer ${input.ksefNumber}`;
  const parts: Part[] = [
    paragraph(`${name} została przyjęta przez Krajowy System e-Faktur (KSeF).`),
    facts([
      ['Dokument', input.number],
      ['Numer KSeF', input.ksefNumber],
    ]),
    paragraph('Link weryfikacyjny (KOD I) — pod nim sprawdzisz fakturę w KSeF i pobierzesz jej plik:'),
    link(input.kodI),
    ...(input.kodII ? kodIIParts(input.kodII) : []),
    paragraph(
      input.offline
        ? `W załączniku (PDF) jest ten sam dokument, teraz z numerem KSeF pod kodem QR (KOD I)${input.kodII ? ' i z kodem KOD II (CERTYFIKAT) obok' : ''}. ` +
            'Znajdziesz go też w panelu.'
        : 'Numer KSeF i kod QR są też przy dokumencie w panelu i w jego PDF.',
    ),
    button('Zobacz dokument', documentUrl(ctx, input.documentId)),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}

/**
 * A document handed out offline (KSeF unavailable): KOD I (OFFLINE), KOD II and when it will reach KSeF, with its PDF
 * carrying both codes — an offline invoice's visualisation must (kody-qr.md), and the PDF sent at the payment has none.
 */
export function ksefOfflineMail(
  ctx: MailContext,
  input: { documentId: string; number: string; kodI: string; kodII?: string; deadline?: string; modeLabel: string },
): Rendered {
  const name = documentName(input.documentId, input.number);
  const title = `${name} wystawiona w trybie offline`;
  const parts: Part[] = [
    paragraph(
      `KSeF (Krajowy System e-Faktur) jest niedostępny, więc dokument ${input.number} został wystawiony ` +
        `w trybie ${input.modeLabel}. Wyślemy go do KSeF automatycznie` +
        (input.deadline ? `, najpóźniej ${isoDay(input.deadline)}` : ', gdy KSeF znów zadziała') +
        ', i napiszemy, gdy otrzyma numer KSeF.',
    ),
    paragraph('KOD I (OFFLINE) — sprawdzenie faktury w KSeF po jej przesłaniu:'),
    link(input.kodI),
    ...(input.kodII ? kodIIParts(input.kodII) : []),
    paragraph(
      `W załączniku (PDF) jest ten sam dokument z kodem QR KOD I (OFFLINE)${input.kodII ? ' i z kodem KOD II (CERTYFIKAT)' : ''}.`,
    ),
    button('Zobacz dokument', documentUrl(ctx, input.documentId)),
  ];
  return { subject: `${title} — ${ctx.eventName}`, ...layout(ctx, title, parts, FOOTER_ESSENTIAL) };
}
