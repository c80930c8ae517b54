import { describe, expect, it } from 'vitest';
import { choicesOf } from './choices';

describe('choicesOf', () => {
  it('lists the labels as Select data, in the order the record names them', () => {
    const choices = choicesOf({ pending: 'Oczekujące', paid: 'Opłacone', ',': 'przecinek', all: 'Wszystkie' });
    expect(choices.map((c) => c.value)).toEqual(['pending', 'paid', ',', 'all']);
    expect(choices[2]).toEqual({ value: ',', label: 'przecinek' });
  });
});
