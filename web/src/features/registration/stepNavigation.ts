import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Which way the wizard is leaving the step shown, while the next one loads. */
export type Leaving = 'back' | 'next' | null;

/**
 * Moves between the wizard's steps so that the screen and the address agree: from the click until
 * the next step is on screen the step's buttons are disabled and progress is shown, so a step that
 * is on its way out can never be used. (The router renders without React transitions, see App.tsx,
 * so the next step appears together with its address.)
 */
export function useStepNavigation() {
  const navigate = useNavigate();
  const { key } = useLocation();
  // Tied to the location it started from: a navigation that ends on this same step (a gate sent it
  // back) makes the step usable again; when the wizard moves on, this step unmounts instead.
  const [leaving, setLeaving] = useState<{ direction: Exclude<Leaving, null>; from: string } | null>(null);
  const go = useCallback(
    async (path: string, direction: Exclude<Leaving, null>, options: { replace?: boolean } = {}) => {
      setLeaving({ direction, from: key });
      try {
        await navigate(path, options);
      } catch (error) {
        setLeaving(null);
        throw error;
      }
    },
    [navigate, key],
  );
  return { go, leaving: leaving?.from === key ? leaving.direction : null } as const;
}
