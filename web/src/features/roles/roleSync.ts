import { useEffect, useRef } from 'react';
import { rolesSchema } from '@domain/schemas';
import { injectRealtimeEndpoints, parseRecord, realtimeEndpoint } from '../../shared/api/realtime';
import { useAuthState, useSession } from '../auth';

interface RoleMirror {
  admin: boolean;
  staff: boolean;
  updatedAt: number;
}

const roleMirrorApi = injectRealtimeEndpoints((build) => ({
  myRoleMirror: build.query<RoleMirror | null, string>(
    realtimeEndpoint(
      (uid) => `roles/${uid}`,
      (raw, uid) => {
        if (raw == null) return null;
        const { admin, staff, updatedAt } = parseRecord(rolesSchema, raw, `roles/${uid}`);
        return { admin, staff, updatedAt };
      },
    ),
  ),
}));

/**
 * Custom claims travel in the ID token, which the SDK renews only hourly. `setUserRole` mirrors the
 * claims to /roles/{uid}; when the mirror disagrees with the token we hold, the token is refreshed,
 * so a granted or revoked role applies in the open session without signing out.
 */
function useRoleSync(): void {
  const { user, claims } = useAuthState();
  const session = useSession();
  const uid = user?.uid ?? '';
  const { data } = roleMirrorApi.useMyRoleMirrorQuery(uid, { skip: !uid });
  const handled = useRef<number | null>(null);

  const differs = !!data && (data.admin !== claims.admin || data.staff !== claims.staff);
  useEffect(() => {
    if (!data || !differs || handled.current === data.updatedAt) return;
    handled.current = data.updatedAt;
    session.refresh().catch(() => {
      // Offline: the next change of the mirror (or the hourly renewal) tries again.
      handled.current = null;
    });
  }, [data, differs, session]);
}

/** Mounted once by the dashboard layout; renders nothing. */
export function RoleSync(): null {
  useRoleSync();
  return null;
}
