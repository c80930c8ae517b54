import { PageFrame } from '../../shared/ui/PageFrame';
import { ParticipantStats } from './ParticipantStats';
import { AdminStatsSlot } from '../adminStats';

// The admin part (sales over time, revenue, pickups) belongs to the admin-statistics work and goes
// beside ParticipantStats, shown only to admins.
export function StatsPage() {
  return (
    <PageFrame>
      <ParticipantStats />
      <AdminStatsSlot />
    </PageFrame>
  );
}
