// Public API of the registration feature for other features (pages load lazily from ./pages).
export { useGetCountriesQuery, type Country } from './api';
export { CountrySelect } from './CountrySelect';
export { checkProjectPassword, passwordStrength, STRENGTH_LABELS, STRENGTH_COLORS } from './passwordRules';
