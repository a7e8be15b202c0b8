import { describe, expect, it } from 'vitest';
import { matchesAnyPath, paths, settingsSectionPath } from '@/lib/paths';
import { sectionsFor, settingsSectionAt, SETTINGS_SECTIONS } from './settings-sections';

describe('the sections of Settings', () => {
  it('when the table is read, then each section has its own path, one of the app’s Settings routes', () => {
    const sectionPaths = SETTINGS_SECTIONS.map((section) => section.path);
    expect(new Set(sectionPaths).size).toBe(sectionPaths.length);
    for (const path of sectionPaths) {
      expect(matchesAnyPath(path, [paths.settings, paths.settingsSection])).toBe(true);
    }
  });

  it('when /settings is opened, then it is Account, the spec’s page', () => {
    expect(settingsSectionAt('/settings')?.id).toBe('account');
  });

  it('when a path is not a section, then none is found (the app’s not-found shows)', () => {
    expect(settingsSectionAt('/settings/xyz')).toBeUndefined();
    expect(settingsSectionAt('/settings/security/more')).toBeUndefined();
  });

  it('when a path differs from a section’s by a trailing slash or case, then it is that section, as for the router', () => {
    expect(settingsSectionAt('/settings/')?.id).toBe('account');
    expect(settingsSectionAt('/Settings/Security')?.id).toBe('security');
  });

  it('when an agent opens Settings, then the admins’ sections are not offered', () => {
    expect(sectionsFor(false).map((section) => section.id)).toEqual([
      'account',
      'security',
      'email',
      'canned-responses',
      'tickets',
    ]);
    expect(sectionsFor(true)).toHaveLength(SETTINGS_SECTIONS.length);
  });

  it('when the bell links to a turned-off webhook, then it reaches Webhooks, a section for admins only', () => {
    const webhooks = settingsSectionAt(settingsSectionPath('webhooks'));
    expect(webhooks).toMatchObject({ id: 'webhooks', label: 'Webhooks', adminOnly: true });
    expect(sectionsFor(true).map((section) => section.id)).toContain('webhooks');
  });
});
