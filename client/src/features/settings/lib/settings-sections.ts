import { GROUP_TEXTS } from '@shared/contracts/groups';
import { matchesAnyPath, paths, settingsSectionPath } from '@/lib/paths';

/**
 * The sections of Settings (issue 37), in the order the section navigation lists them: the one table
 * the router (a route per path) and the navigation read. /settings itself is Account, the spec's two
 * cards; which cards each section shows is settings-section-content.tsx.
 */
export const SETTINGS_SECTIONS = [
  { id: 'account', path: paths.settings, label: 'Account', adminOnly: false },
  { id: 'security', path: settingsSectionPath('security'), label: 'Security', adminOnly: false },
  { id: 'email', path: settingsSectionPath('email'), label: 'Email', adminOnly: false },
  {
    id: 'canned-responses',
    path: settingsSectionPath('canned-responses'),
    label: 'Canned Responses',
    adminOnly: false,
  },
  { id: 'team', path: settingsSectionPath('team'), label: 'Team', adminOnly: true },
  { id: 'sla', path: settingsSectionPath('sla'), label: 'SLA', adminOnly: true },
  { id: 'tickets', path: settingsSectionPath('tickets'), label: 'Tickets', adminOnly: false },
  {
    id: 'ticket-fields',
    path: settingsSectionPath('ticket-fields'),
    label: 'Ticket Fields',
    adminOnly: true,
  },
  { id: 'groups', path: settingsSectionPath('groups'), label: GROUP_TEXTS.section, adminOnly: true },
  { id: 'rules', path: settingsSectionPath('rules'), label: 'Rules', adminOnly: true },
  { id: 'portal', path: settingsSectionPath('portal'), label: 'Portal', adminOnly: true },
  // Issue 43: the bell's notice of a webhook the help desk turned off links here.
  { id: 'webhooks', path: settingsSectionPath('webhooks'), label: 'Webhooks', adminOnly: true },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export type SettingsSectionId = SettingsSection['id'];

/**
 * The section at `pathname`, matched as the router matches it (a trailing slash, any case); undefined
 * for any other path (the app's not-found).
 */
export const settingsSectionAt = (pathname: string): SettingsSection | undefined =>
  SETTINGS_SECTIONS.find((section) => matchesAnyPath(pathname, [section.path]));

/** The sections the navigation offers: agents do not see the admins' ones. */
export const sectionsFor = (isAdmin: boolean): SettingsSection[] =>
  SETTINGS_SECTIONS.filter((section) => isAdmin || !section.adminOnly);

export const SETTINGS_SECTION_TEXTS = {
  navLabel: 'Settings Sections',
  adminOnly: 'Only administrators can see these settings.',
} as const;
