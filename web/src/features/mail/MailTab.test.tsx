import { describe, expect, it } from 'vitest';
import { retrySummary } from './MailTab';

describe('retrySummary', () => {
  it('counts sent and failed messages in Polish', () => {
    expect(retrySummary({ checked: 0, results: [] })).toBe('Nie było wiadomości do wysłania.');
    expect(retrySummary({ checked: 1, results: [{ messageId: 'op-1', status: 'sent' }] })).toBe(
      'Wysłano: 1 wiadomość.',
    );
    expect(
      retrySummary({
        checked: 5,
        results: [
          { messageId: 'op-1', status: 'sent' },
          { messageId: 'op-2', status: 'sent' },
          { messageId: 'op-3', status: 'failed', error: 'Serwer poczty jest niedostępny; ponowimy próbę.' },
          { messageId: 'op-4', status: 'failed', error: 'Serwer poczty jest niedostępny; ponowimy próbę.' },
          { messageId: 'op-5', status: 'sent' },
        ],
      }),
    ).toBe('Wysłano: 3 wiadomości. Nie udało się: 2 wiadomości (Serwer poczty jest niedostępny; ponowimy próbę.).');
  });
});
