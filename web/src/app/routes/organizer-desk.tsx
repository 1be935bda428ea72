import { PickupDeskPage } from '@/features/organizer/components/pickup-desk';

/** /organizer/desk?token=…: the organiser's pickup desk. */
export function Component() {
  return <PickupDeskPage />;
}
