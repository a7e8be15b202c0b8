import { usePageTitle } from '@/components/layout/app-shell-context';

export function LoanerEquipmentPage() {
  usePageTitle('Loaner Equipment');
  return <section aria-label="Loaner Equipment" className="space-y-6" />;
}
