// What completeRegistration leaves in the database for a participant, for the tests and benches that
// register many at once by writing it directly (the callable has its own tests). Plain JavaScript, so
// the benches (.mjs) and the TypeScript tests share one copy.

/**
 * A participant's profile and their own `self` participant entry, as database paths → values.
 * @param {{ uid: string; email: string }} account
 * @param {{ firstName: string; lastName: string }} person
 * @param {number} now the registration's time (ms)
 * @returns {Record<string, unknown>}
 */
export function registrationRecords({ uid, email }, { firstName, lastName }, now) {
  return {
    [`profiles/${uid}`]: {
      email,
      firstName,
      lastName,
      phone: '600100200',
      country: 'PL',
      consents: { terms: true, privacy: true, marketing: false, acceptedAt: now },
      pickupCode: 'ABCDEFGH',
      createdAt: now,
      updatedAt: now,
    },
    [`members/${uid}/self`]: { firstName, lastName, relation: 'self', createdAt: now },
  };
}
