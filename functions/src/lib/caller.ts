import type { CallableRequest } from 'firebase-functions/v2/https';
import { refuse } from './refusal.js';

export interface Caller {
  uid: string;
  email?: string;
  admin: boolean;
  staff: boolean;
  name?: string;
}

export function requireCaller(request: CallableRequest): Caller {
  const auth = request.auth;
  if (!auth) throw refuse('unauthenticated');
  const token = auth.token as Record<string, unknown>;
  return {
    uid: auth.uid,
    email: typeof token.email === 'string' ? token.email.toLowerCase() : undefined,
    admin: token.admin === true,
    staff: token.staff === true,
    name: typeof token.name === 'string' ? token.name : undefined,
  };
}

export function requireAdmin(request: CallableRequest): Caller {
  const caller = requireCaller(request);
  if (!caller.admin) throw refuse('forbidden');
  return caller;
}

export function requireStaff(request: CallableRequest): Caller {
  const caller = requireCaller(request);
  if (!caller.admin && !caller.staff) throw refuse('forbidden');
  return caller;
}
