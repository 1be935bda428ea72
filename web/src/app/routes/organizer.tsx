import '@/features/admin/admin.css';
import { OrganizerStatsPage } from '@/features/organizer/components/organizer-stats';

/** /organizer?token=…: the organiser's read-only view, in the console's styles. */
export function Component() {
  return <OrganizerStatsPage />;
}
