import { usePageTitle } from '@/components/layout/app-shell-context';

export function ReportsPage() {
  usePageTitle('Reports & Analytics');
  return <section aria-label="Reports & Analytics" className="space-y-6" />;
}
