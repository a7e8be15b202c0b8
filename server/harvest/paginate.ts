/**
 * Reads every page of a Harvest list by following `links.next` until it is null. Page URLs are never
 * built here: some endpoints hand out cursor links whose `page` and `next_page` are null.
 */
import { z } from 'zod';
import { HarvestUnexpectedResponseError } from './errors';
import { parseAnswer } from './parse-answer';
import { listEnvelopeSchema } from './schemas';
import type { HarvestTransport, Query } from './transport';

export async function collectAllPages<T extends z.ZodType>(
  transport: HarvestTransport,
  path: string,
  key: string,
  itemSchema: T,
  query?: Query,
): Promise<z.output<T>[]> {
  const itemsSchema = z.array(itemSchema);
  const items: z.output<T>[] = [];
  const visited = new Set<string>();
  let request: { target: string | URL; query?: Query } = { target: path, query };
  for (;;) {
    const answer = await transport.send({ method: 'GET', ...request });
    const envelope = parseAnswer(listEnvelopeSchema, answer);
    items.push(...parseAnswer(itemsSchema, answer, envelope[key]));
    const next = envelope.links?.next;
    if (!next) return items;
    if (!URL.canParse(next)) {
      throw new HarvestUnexpectedResponseError(answer.status, answer.endpoint, 'links.next is not a URL');
    }
    const nextUrl = new URL(next);
    // A link pointing back to a page already read would loop forever.
    if (visited.has(nextUrl.href)) {
      throw new HarvestUnexpectedResponseError(answer.status, answer.endpoint, 'links.next repeats a page');
    }
    visited.add(nextUrl.href);
    request = { target: nextUrl };
  }
}
