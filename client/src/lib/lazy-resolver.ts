import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdle } from './when-idle';

/**
 * A react-hook-form resolver that loads itself (a zod schema with zod, about 18 KB gzip) in a chunk
 * of its own: the sign-in page's first load carries no zod and stays well inside its budget
 * (scripts/bundle-budget.mjs). `preload` fetches the chunk once the page is idle, so the first check
 * (on submit) rarely waits for it. Should the chunk not load (the connection dropped), the form is
 * sent unchecked: the server checks every field too and answers 400 naming it.
 */
export function lazyResolver<Values extends FieldValues>(load: () => Promise<Resolver<Values>>) {
  let loading: Promise<Resolver<Values> | undefined> | undefined;
  const loaded = () =>
    (loading ??= load().catch(() => {
      loading = undefined;
      return undefined;
    }));
  const resolver: Resolver<Values> = async (values, context, options) => {
    const resolve = await loaded();
    return resolve ? resolve(values, context, options) : { values, errors: {} };
  };
  return {
    resolver,
    /** Starts loading when the browser is idle; answers how to cancel that (an effect's cleanup). */
    preload: () => whenIdle(() => void loaded()),
  };
}
