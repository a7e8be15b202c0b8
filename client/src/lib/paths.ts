import { parse as parseRoute } from 'regexparam';

/** Every client route in one table (spec §2); links and the router read paths only from here. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  signin: '/signin',
  login: '/login',
  logout: '/logout',
  tickets: '/tickets',
  ticketDetails: '/tickets/:id',
  loanerEquipment: '/loaner-equipment',
  /** One asset of the inventory and its history (issue 42). */
  asset: '/loaner-equipment/assets/:id',
  timeTracking: '/time-tracking',
  reports: '/reports',
  /** Settings' first section, Account: the spec's Change Password and Harvest Integration. */
  settings: '/settings',
  /**
   * Settings' other sections (issue 37), each its own page: the sections (names, who sees which) are
   * the settings feature's table, which builds each path with `settingsSectionPath`.
   */
  settingsSection: '/settings/:section',
  /** The setup link of a fresh install (not in the spec): creates the first admin, signed in or not. */
  setup: '/setup/:token',
  /** An invitation link (issue 22): creates the invited account, signed in or not. */
  invite: '/invite/:token',
  /** Forgot password? (issue 22): asks for the address to send a reset link to. */
  forgotPassword: '/forgot-password',
  /** A password reset link (issue 22). */
  resetPassword: '/reset-password/:token',
} as const;

/** The query parameter that filters the ticket list by assignee ("My Tickets"). */
export const ASSIGNED_TO_PARAM = 'assigned_to';

/** Where the POST form of Sign Out goes; the server ends the session and redirects to /logout. */
export const LOGOUT_ACTION = '/api/logout';

export const settingsSectionPath = (section: string) => `${paths.settings}/${section}`;

export const ticketDetailsPath = (ticketId: string) => `${paths.tickets}/${encodeURIComponent(ticketId)}`;

/** The query parameter of the Loaner Equipment page that opens one loan (a notification's link). */
export const LOAN_PARAM = 'loan';

export const loanPath = (equipmentId: string) =>
  `${paths.loanerEquipment}?${new URLSearchParams({ [LOAN_PARAM]: equipmentId }).toString()}`;

export const assetPath = (assetId: string) =>
  `${paths.loanerEquipment}/assets/${encodeURIComponent(assetId)}`;

export const myTicketsPath = (userId: string) =>
  `${paths.tickets}?${new URLSearchParams({ [ASSIGNED_TO_PARAM]: userId }).toString()}`;

/** Paths that show the sign-in screen to a signed-out visitor. */
export const SIGN_IN_PATHS = [paths.home, paths.signin, paths.login] as const;

/** Pages of the signed-in app: a signed-out visitor reaching one sees the sign-in screen, not a 404. */
export const SIGNED_IN_PAGE_PATHS = [
  paths.dashboard,
  paths.tickets,
  paths.ticketDetails,
  paths.loanerEquipment,
  paths.asset,
  paths.timeTracking,
  paths.reports,
  paths.settings,
  paths.settingsSection,
] as const;

/** Whether `pathname` is one of `routes`, matched by the parser the router itself uses (wouter's regexparam). */
export function matchesAnyPath(pathname: string, routes: readonly string[]): boolean {
  return routes.some((route) => parseRoute(route).pattern.test(pathname));
}

/** The Trash: the ticket list's view of deleted tickets (admins, issue 26). */
export const trashPath = `${paths.tickets}?deleted=true`;
