import { usePageTitle } from '@/components/layout/app-shell-context';

export function SettingsPage() {
  usePageTitle('Settings');
  return <section aria-label="Settings" className="space-y-6" />;
}
