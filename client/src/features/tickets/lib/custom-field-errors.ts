import { serverFieldErrors } from '@/lib/field-errors';

const PREFIX = 'customFields.';

/** The server's messages about custom fields (a 400's `fieldErrors['customFields.<key>']`), by key. */
export function customFieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(serverFieldErrors(error))
      .filter(([path]) => path.startsWith(PREFIX))
      .map(([path, message]) => [path.slice(PREFIX.length), message]),
  );
}
