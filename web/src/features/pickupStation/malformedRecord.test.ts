// The station reads people from /pickupDirectory: a record that does not match its domain schema is the endpoint's error (LoadError names it), not a crash.
import { describe, expect, it } from 'vitest';
import { MalformedRecordError, toRealtimeError } from '../../shared/api/realtime';
import { toEntry } from './api';

const marta = {
  pickupCode: 'MRTN4W9Q',
  name: 'Marta Nowak',
  email: 'marta@example.com',
  nameLower: 'marta nowak',
  lastNameLower: 'nowak',
};

describe('records parsed where they enter', () => {
  it('a /pickupDirectory entry: good → the person, absent → null, malformed → MalformedRecordError with its path', () => {
    expect(toEntry('u1', marta)).toEqual({
      uid: 'u1',
      name: 'Marta Nowak',
      email: 'marta@example.com',
      pickupCode: 'MRTN4W9Q',
    });
    expect(toEntry('u1', null)).toBeNull();
    let thrown: unknown;
    try {
      toEntry('u1', { ...marta, pickupCode: 'mrtn0000' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MalformedRecordError);
    expect(toRealtimeError(thrown)).toEqual({
      code: 'malformed-record',
      message:
        'Zapisane dane mają nieprawidłowy format (pickupDirectory/u1/pickupCode: Nieprawidłowy kod odbioru). Zgłoś to organizatorowi wydarzenia.',
    });
  });
});
