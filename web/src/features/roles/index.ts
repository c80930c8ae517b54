// Public API of the roles feature: keeps the open session's role claims in step with /roles/{uid}.
export { RoleSync } from './roleSync';
