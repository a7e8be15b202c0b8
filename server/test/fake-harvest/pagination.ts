/**
 * Harvest's list envelope. Links are full URLs on the host the client called. "pages" mode numbers the
 * pages; "cursor" mode hands out opaque cursor links with null page numbers, as some Harvest endpoints
 * do, so a client that builds page URLs itself instead of following links.next fails against it.
 */
import { json, type FakeResponse } from './http';
import { VALIDATION } from './messages';

export type PaginationStyle = 'pages' | 'cursor';

export const MAX_PER_PAGE = 2000;

export interface PageRequest {
  /** The request URL, absolute on the origin the client used. */
  url: URL;
  defaultPerPage: number;
  style: PaginationStyle;
}

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const offset = (value as { offset?: unknown } | null)?.offset;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : undefined;
  } catch {
    return undefined;
  }
}

function link(url: URL, params: Record<string, string>): string {
  const target = new URL(url);
  for (const key of ['page', 'per_page', 'cursor', 'ref']) target.searchParams.delete(key);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export function paginate<T>(items: T[], key: string, request: PageRequest): FakeResponse {
  const { url } = request;
  const perPageParam = url.searchParams.get('per_page');
  const perPage = perPageParam === null ? request.defaultPerPage : Number(perPageParam);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    return json(422, { message: VALIDATION.perPageOutOfRange(MAX_PER_PAGE) });
  }
  const totalEntries = items.length;
  const totalPages = Math.max(1, Math.ceil(totalEntries / perPage));
  const size = String(perPage);

  const cursor = url.searchParams.get('cursor');
  if (request.style === 'cursor' || cursor !== null) {
    const offset = cursor === null ? 0 : decodeCursor(cursor);
    if (offset === undefined) return json(422, { message: VALIDATION.cursorInvalid });
    const next = offset + perPage < totalEntries ? offset + perPage : undefined;
    return json(200, {
      [key]: items.slice(offset, offset + perPage),
      per_page: perPage,
      total_pages: totalPages,
      total_entries: totalEntries,
      next_page: null,
      previous_page: null,
      page: null,
      links: {
        first: link(url, { per_page: size, ref: 'first' }),
        next:
          next === undefined
            ? null
            : link(url, { cursor: encodeCursor(next), per_page: size, ref: 'next_cursor' }),
        previous:
          offset > 0
            ? link(url, {
                cursor: encodeCursor(Math.max(0, offset - perPage)),
                per_page: size,
                ref: 'previous_cursor',
              })
            : null,
        last: null,
      },
    });
  }

  const pageParam = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const pageLink = (number: number) => link(url, { page: String(number), per_page: size });
  return json(200, {
    [key]: items.slice((page - 1) * perPage, page * perPage),
    per_page: perPage,
    total_pages: totalPages,
    total_entries: totalEntries,
    next_page: page < totalPages ? page + 1 : null,
    previous_page: page > 1 ? page - 1 : null,
    page,
    links: {
      first: pageLink(1),
      next: page < totalPages ? pageLink(page + 1) : null,
      previous: page > 1 ? pageLink(page - 1) : null,
      last: pageLink(totalPages),
    },
  });
}
