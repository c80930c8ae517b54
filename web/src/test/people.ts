// Test-only: the account holder the form tests fill in and prefill with.

/** Anna Kowalska's sign-up details, as the registration wizard and the profile hold them. */
export const ANNA = {
  email: 'anna@example.pl',
  firstName: 'Anna',
  lastName: 'Kowalska',
  phone: '+48 600 100 200',
  country: 'PL',
};
