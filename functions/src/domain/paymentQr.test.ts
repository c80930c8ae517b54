import { describe, expect, it } from 'vitest';
// jsqr is CommonJS: under NodeNext its default import is module.exports, whose `default` is the decoder.
import jsQR from 'jsqr';
import {
  PAYMENT_QR_MAX_GROSZE,
  parsePaymentQr,
  paymentQrBytes,
  paymentQrCarriesAmount,
  paymentQrPayload,
  paymentQrText,
} from './paymentQr.js';
import { paymentQrGifBase64, paymentQrModules } from './paymentQrCode.js';

const base = {
  nip: '5260250274',
  bankAccount: '61109010140000071219812874',
  amountGrosze: 12_345,
  recipientName: 'Fundacja Bałtyk',
  title: 'ZAM/2026/000042',
};

describe('Standard 2D payment line', () => {
  it('has nine |-separated fields: NIP, PL, account, six-digit grosze, name, title, three empty reserves', () => {
    const line = paymentQrPayload(base);
    expect(line).toBe('5260250274|PL|61109010140000071219812874|012345|Fundacja Bałtyk|ZAM/2026/000042|||');
    expect(parsePaymentQr(line!)).toEqual({
      nip: '5260250274',
      country: 'PL',
      account: '61109010140000071219812874',
      amountGrosze: 12_345,
      recipient: 'Fundacja Bałtyk',
      title: 'ZAM/2026/000042',
      reserves: ['', '', ''],
    });
  });

  it('normalises a dashed NIP and a spaced or PL-prefixed account', () => {
    const line = paymentQrPayload({ ...base, nip: '526-025-02-74', bankAccount: 'PL61 1090 1014 0000 0712 1981 2874' });
    expect(line?.split('|').slice(0, 3)).toEqual(['5260250274', 'PL', '61109010140000071219812874']);
  });

  it('pads the amount to six digits and accepts the six-digit limit (9 999,99 zł)', () => {
    expect(paymentQrPayload({ ...base, amountGrosze: 1 })?.split('|')[3]).toBe('000001');
    expect(paymentQrPayload({ ...base, amountGrosze: PAYMENT_QR_MAX_GROSZE })?.split('|')[3]).toBe('999999');
  });

  it('from 10 000,00 zł writes the amount as 000000 (typed in by the payer) and keeps account, recipient and title', () => {
    for (const amountGrosze of [PAYMENT_QR_MAX_GROSZE + 1, 1_234_567, 5_000_000, 99_999_999_999]) {
      const line = paymentQrPayload({ ...base, amountGrosze })!;
      expect(line, String(amountGrosze)).toBe(
        '5260250274|PL|61109010140000071219812874|000000|Fundacja Bałtyk|ZAM/2026/000042|||',
      );
      expect(paymentQrCarriesAmount(amountGrosze)).toBe(false);
    }
    expect(paymentQrCarriesAmount(PAYMENT_QR_MAX_GROSZE)).toBe(true);
  });

  it('makes no code for nothing to pay or a non-integer amount', () => {
    for (const amountGrosze of [0, -100, 12.5, Number.NaN, 2 ** 53])
      expect(paymentQrPayload({ ...base, amountGrosze }), String(amountGrosze)).toBeNull();
  });

  it('leaves the NIP field empty for a recipient without a NIP (a natural person)', () => {
    const expected = '|PL|61109010140000071219812874|012345|Jan Kowalski|ZAM/2026/000042|||';
    for (const nip of [undefined, '', '  '])
      expect(paymentQrPayload({ ...base, nip, recipientName: 'Jan Kowalski' }), JSON.stringify(nip)).toBe(expected);
    expect(parsePaymentQr(expected)).toMatchObject({
      nip: '',
      account: '61109010140000071219812874',
      amountGrosze: 12_345,
      recipient: 'Jan Kowalski',
    });
  });

  it('makes no code for an account that is not 26 digits or a NIP that is not a valid NIP (banking apps refuse the code)', () => {
    expect(paymentQrPayload({ ...base, bankAccount: '6110901014000007121981287' })).toBeNull();
    expect(paymentQrPayload({ ...base, nip: '526025027' })).toBeNull();
    // Ten digits with a wrong checksum.
    expect(paymentQrPayload({ ...base, nip: '5260250275' })).toBeNull();
  });

  it('cuts the recipient to 20 and the title to 32 characters, counting Polish letters as one character', () => {
    const line = paymentQrPayload({
      ...base,
      recipientName: 'Stowarzyszenie Żeglarskie Łódź-Śródmieście',
      title: 'ZAM/2026/000042 zażółć gęślą jaźń i coś jeszcze',
    })!;
    const fields = line.split('|');
    expect(fields[4]).toBe('Stowarzyszenie Żegla');
    expect(Array.from(fields[4])).toHaveLength(20);
    expect(fields[5]).toBe('ZAM/2026/000042 zażółć gęślą jaź');
    expect(Array.from(fields[5])).toHaveLength(32);
    // Polish letters are two bytes each in UTF-8, but the limits count characters.
    expect(new TextEncoder().encode(fields[5]).length).toBeGreaterThan(32);
  });

  it('cuts on a character boundary: letters written with combining marks are composed first, emoji are dropped whole', () => {
    // „Łódź” typed as L+stroke is not decomposable, but ó and ź can come decomposed (o + U+0301, z + U+0301).
    const decomposed = 'Zlot Ło\u0301dz\u0301 2026 — wspólny rejs';
    expect(paymentQrText(decomposed, 9)).toBe('Zlot Łódź');
    expect(paymentQrText('Rejs 🚢⛵ Bałtyk', 20)).toBe('Rejs Bałtyk');
    // A cut that lands after a space does not leave it at the end.
    expect(paymentQrText('Ala ma kota', 4)).toBe('Ala');
  });

  it('drops the separator, quotes and control characters, and strips marks from non-Polish letters', () => {
    expect(paymentQrText('Fundacja „Bałtyk” | Café\u0000', 32)).toBe('Fundacja Bałtyk Cafe');
    const line = paymentQrPayload({ ...base, recipientName: 'A|B', title: 'ZAM|2026' })!;
    expect(line.split('|')).toHaveLength(9);
  });

  it('makes no code when the name keeps no allowed character', () => {
    expect(paymentQrPayload({ ...base, recipientName: '„”|' })).toBeNull();
  });

  it('is encoded as UTF-8 bytes, and a QR decoder reads the Polish letters back', () => {
    const line = paymentQrPayload({ ...base, recipientName: 'Żółć Gęś Sp. z o.o.' })!;
    expect(paymentQrBytes(line)).toHaveLength(new TextEncoder().encode(line).length);
    const modules = paymentQrModules(line);
    const cell = 4;
    const quiet = 4;
    const side = (modules.length + quiet * 2) * cell;
    const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
    modules.forEach((row, r) =>
      row.forEach((dark, c) => {
        if (!dark) return;
        for (let y = 0; y < cell; y++)
          for (let x = 0; x < cell; x++) {
            const i = (((r + quiet) * cell + y) * side + (c + quiet) * cell + x) * 4;
            rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
          }
      }),
    );
    expect(jsQR.default(rgba, side, side)?.data).toBe(line);
  });

  it('renders a GIF image for e-mails', () => {
    const gif = Buffer.from(paymentQrGifBase64(paymentQrPayload(base)!), 'base64');
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF87a');
  });
});
