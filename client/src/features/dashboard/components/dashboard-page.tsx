import { usePageTitle } from '@/components/layout/app-shell-context';

export function DashboardPage() {
  usePageTitle('Dashboard');
  return <section aria-label="Dashboard" className="space-y-6" />;
}
