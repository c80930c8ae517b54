import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  deadlineState,
  easterSunday,
  isBusinessDay,
  kodIILink,
  kodIISigningInput,
  modeAfterEmergency,
  nextBusinessDay,
  offline24Deadline,
  offlineDeadline,
  outageActive,
  outageDeadline,
  polishPublicHolidays,
} from './offline.js';
import { KSEF_QR_BASES } from './kodI.js';

describe('Polish business days', () => {
  it('Easter Sunday for known years', () => {
    expect(['2024', '2025', '2026', '2027', '2030'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2030-04-21',
    ]);
  });

  it('public holidays of 2026: the fixed ones, Christmas Eve, Easter Monday and Corpus Christi', () => {
    const h = polishPublicHolidays(2026);
    for (const day of [
      '2026-01-01',
      '2026-01-06',
      '2026-04-06',
      '2026-05-01',
      '2026-05-03',
      '2026-06-04',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ])
      expect(h.has(day), day).toBe(true);
    expect(h.has('2026-04-07')).toBe(false);
    expect(polishPublicHolidays(2024).has('2024-12-24')).toBe(false);
  });

  it('weekends and holidays are not business days', () => {
    expect(isBusinessDay('2026-11-26')).toBe(true); // Thursday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-11')).toBe(false); // Independence Day, Wednesday
  });

  it('offline24 deadline: the next business day after the issue date', () => {
    expect(offline24Deadline('2026-11-26')).toBe('2026-11-27'); // Thu → Fri
    expect(offline24Deadline('2026-11-27')).toBe('2026-11-30'); // Fri → Mon
    expect(offline24Deadline('2026-11-10')).toBe('2026-11-12'); // Tue → Thu (11 Nov)
    expect(offline24Deadline('2026-12-23')).toBe('2026-12-28'); // Wed → Mon (24–27 Dec)
    expect(offline24Deadline('2026-04-03')).toBe('2026-04-07'); // Good Friday → Tue (Easter Monday)
    expect(offline24Deadline('2026-06-03')).toBe('2026-06-05'); // Wed → Fri (Corpus Christi)
    expect(offline24Deadline('2026-12-31')).toBe('2027-01-04'); // Thu → Mon (New Year, weekend)
    expect(nextBusinessDay('2027-01-05')).toBe('2027-01-07'); // Epiphany
  });

  it('deadlines per offline mode (tryby-offline.md): offline24, an unavailability, a failure', () => {
    expect(offlineDeadline('offline24', '2026-11-26')).toBe('2026-11-27');
    // While a declared outage lasts, its documents have no deadline yet.
    expect(offlineDeadline('unavailability', '2026-11-26')).toBeNull();
    expect(offlineDeadline('emergency', '2026-11-26', null)).toBeNull();
    // Unavailability: the next business day after it ended; a failure: the seventh business day after it ended.
    expect(offlineDeadline('unavailability', '2026-11-26', '2026-11-27')).toBe('2026-11-30');
    expect(outageDeadline('emergency', '2026-11-27')).toBe('2026-12-08');
    expect(addBusinessDays('2026-11-06', 7)).toBe('2026-11-18'); // 11 Nov is skipped
  });

  it("a failure declared within an offline24 deadline moves the document to it: the Ministry's example", () => {
    // Issued offline24 on 2025-07-08, due 2025-07-09; the failure is declared on 07-09 and ends on Saturday 07-12.
    expect(offline24Deadline('2025-07-08')).toBe('2025-07-09');
    expect(modeAfterEmergency({ mode: 'offline24', deadline: '2025-07-09' }, '2025-07-09')).toBe('emergency');
    expect(outageDeadline('emergency', '2025-07-12')).toBe('2025-07-22');
    // A deadline already past stays past; an open one (an unavailability that lasts) follows the failure.
    expect(modeAfterEmergency({ mode: 'offline24', deadline: '2025-07-08' }, '2025-07-09')).toBe('offline24');
    expect(modeAfterEmergency({ mode: 'unavailability', deadline: null }, '2025-07-09')).toBe('emergency');
  });

  it('an outage lasts until it has an end day', () => {
    expect(outageActive({ mode: 'emergency', since: 1, declaredBy: 'a' })).toBe(true);
    expect(outageActive({ mode: 'emergency', since: 1, declaredBy: 'a', endedOn: '2026-11-27', endedAt: 2 })).toBe(
      false,
    );
    expect(outageActive(null)).toBe(false);
  });

  it('the alarm: past the deadline, on its last day, or later', () => {
    expect(deadlineState('2026-11-27', '2026-11-26')).toBe('upcoming');
    expect(deadlineState('2026-11-27', '2026-11-27')).toBe('today');
    expect(deadlineState('2026-11-27', '2026-11-30')).toBe('overdue');
  });
});

describe('KOD II', () => {
  const hash = 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
  it('the signed input is the link without https:// and without a trailing slash (kody-qr.md)', () => {
    const input = kodIISigningInput({
      qrBase: KSEF_QR_BASES.test,
      contextNip: '1111111111',
      sellerNip: '1111111111',
      certificateSerial: '01F20A5D352AE590',
      hashBase64Url: hash,
    });
    expect(input).toBe(`qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/${hash}`);
    expect(kodIILink(input, 'abc_-1')).toBe(`https://${input}/abc_-1`);
  });

  it('refuses malformed parts', () => {
    expect(() =>
      kodIISigningInput({
        qrBase: KSEF_QR_BASES.production,
        contextNip: '1',
        sellerNip: '1111111111',
        certificateSerial: '01',
        hashBase64Url: hash,
      }),
    ).toThrow(RangeError);
    expect(() =>
      kodIISigningInput({
        qrBase: KSEF_QR_BASES.production,
        contextNip: '1111111111',
        sellerNip: '1111111111',
        certificateSerial: 'zz',
        hashBase64Url: hash,
      }),
    ).toThrow(RangeError);
    expect(() => kodIILink('x', 'a+b/')).toThrow(RangeError);
  });
});
