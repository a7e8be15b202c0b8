import { TimeTrackingPage } from '@/features/time/components/time-tracking-page';

export default function TimeTrackingRoute() {
  return <TimeTrackingPage />;
}
