import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';

type Level = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The level a section heading takes where it is rendered. Levels follow nesting instead of being
 * written into each component: the same card is an h2 on a page (under the header's h1) and an h3 in
 * a dialog (under the dialog's h2 title), so a level is never skipped (axe's heading-order).
 */
const HeadingLevelContext = createContext<Level>(2);

const deeper = (level: Level): Level => (level < 6 ? ((level + 1) as Level) : 6);

/** Headings inside render at `level`: a dialog's content starts at 3, under its h2 title. */
export function HeadingLevel({ level, children }: { level: Level; children: ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** The content under a heading of the current level: headings inside are one level deeper. */
export function Subsections({ children }: { children: ReactNode }) {
  const level = useContext(HeadingLevelContext);
  return <HeadingLevel level={deeper(level)}>{children}</HeadingLevel>;
}

/** A section heading at the current level (h2 on a page, h3 in a dialog, deeper inside a section). */
export function Heading(props: ComponentProps<'h2'>) {
  const Tag = `h${useContext(HeadingLevelContext)}` as const;
  return <Tag {...props} />;
}
