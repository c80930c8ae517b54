// Public API of the registration feature for other features (pages load lazily from ./pages).
export { useGetCountriesQuery } from './api';
export { CountrySelect } from './CountrySelect';
export { checkProjectPassword } from './passwordRules';
