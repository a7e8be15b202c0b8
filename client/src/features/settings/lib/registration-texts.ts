/** The words of the Registration card (Settings, admins only). */
export const REGISTRATION_TEXTS = {
  title: 'Registration',
  description: 'Who can create an account from the sign-in page.',
  mode: 'Who Can Register',
  domains: 'Allowed Domains',
  domainsHint: 'One per line, like example.com. Addresses of subdomains are not included.',
  invitationsNote: 'Invited people can always create their account, whatever is chosen here.',
  requireTotp: 'Require two-step sign-in for everyone: whoever has not set it up does so after signing in.',
  save: 'Save Registration',
  saving: 'Saving...',
  loadFailed: 'The registration setting could not be loaded.',
} as const;
