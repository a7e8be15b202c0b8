import { usePageTitle } from '@/components/layout/app-shell-context';
import { Subsections } from '@/components/ui/heading';
import { sectionsFor, SETTINGS_SECTION_TEXTS as T, type SettingsSection } from '../lib/settings-sections';
import { SettingsNav } from './settings-nav';
import { SettingsSectionContent, type SettingsCardsProps } from './settings-section-content';

interface SettingsPageProps extends SettingsCardsProps {
  /** The section the URL names (the route finds it in the sections' table). */
  section: SettingsSection;
}

/**
 * Settings, one section at a time (issue 37), each at its own URL: the sections' navigation, then the
 * section's heading and cards. /settings is Account, the spec's Change Password and Harvest Integration.
 */
export function SettingsPage({ section, ...cards }: SettingsPageProps) {
  usePageTitle('Settings');
  // An agent at an admin's URL (a shared link) reads why the section is empty, not a blank page.
  const allowed = cards.isAdmin || !section.adminOnly;
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <SettingsNav sections={sectionsFor(cards.isAdmin)} current={section} />
      {/* Not a named region: its cards are, and the Email and Team cards share its name. */}
      <div className="min-w-0 flex-1 space-y-6" data-testid="settings-section">
        <h2 className="text-lg font-semibold tracking-tight">{section.label}</h2>
        {allowed ? (
          <Subsections>
            <SettingsSectionContent section={section.id} {...cards} />
          </Subsections>
        ) : (
          <p className="text-sm text-muted-foreground">{T.adminOnly}</p>
        )}
      </div>
    </div>
  );
}
