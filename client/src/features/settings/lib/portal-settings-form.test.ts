import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTAL_SETTINGS, portalSettingsSchema } from '@shared/contracts/portal';
import { ApiError } from '@/lib/api-client';
import {
  draftOfPortalSettings,
  parseDomains,
  portalAddress,
  portalSaveProblems,
  portalSettingsOf,
} from './portal-settings-form';

describe('the Portal card’s values', () => {
  it('when the default is edited unchanged, then the same setting is sent and the contract takes it', () => {
    const value = portalSettingsOf(draftOfPortalSettings(DEFAULT_PORTAL_SETTINGS));
    expect(value).toEqual(DEFAULT_PORTAL_SETTINGS);
    expect(portalSettingsSchema.safeParse(value).success).toBe(true);
  });

  it('when domains are typed with commas, spaces or one per line, then each is sent once as typed', () => {
    expect(parseDomains(' example.com,\nexample.org ; sub.example.net  ')).toEqual([
      'example.com',
      'example.org',
      'sub.example.net',
    ]);
  });

  it('when the mode is not domains, then the typed domains are not sent', () => {
    const draft = { enabled: true, newTickets: 'known' as const, domains: 'example.com', csat: true };
    expect(portalSettingsOf(draft).allowedDomains).toEqual([]);
    expect(portalSettingsOf({ ...draft, newTickets: 'domains' }).allowedDomains).toEqual(['example.com']);
  });

  it('when a saved setting is opened, then its domains are one per line', () => {
    const saved = {
      ...DEFAULT_PORTAL_SETTINGS,
      newTickets: 'domains' as const,
      allowedDomains: ['a.com', 'b.org'],
    };
    expect(draftOfPortalSettings(saved).domains).toBe('a.com\nb.org');
  });

  it('when the app is at an origin, then the portal is its /portal', () => {
    expect(portalAddress('https://help.example.com')).toBe('https://help.example.com/portal');
    expect(portalAddress('http://localhost:5000/')).toBe('http://localhost:5000/portal');
  });

  it('when the server refuses with field errors, then the domains’ go under the domains and others above the form', () => {
    const error = new ApiError(400, 'Validation failed', {
      fieldErrors: { 'value.allowedDomains.1': ['Not a domain'], 'value.newTickets': ['Bad mode'] },
    });
    expect(portalSaveProblems(error)).toEqual({ domains: 'Not a domain', form: 'Bad mode' });
    expect(portalSaveProblems(new Error('offline'))).toEqual({ domains: undefined, form: undefined });
  });
});
