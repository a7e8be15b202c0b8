/** Makes a user's term literal inside LIKE: `%`, `_` and the escape character `\` lose their meaning. */
export const escapeLikePattern = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
