import { usePageTitle } from '@/components/layout/app-shell-context';

export function TimeTrackingPage() {
  usePageTitle('Time Tracking');
  return <section aria-label="Time Tracking" className="space-y-6" />;
}
