import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser suites share one app and database, and two of them test the first-run state of a
 * setting before they save it: they run first, in this order, whatever the timing cache says. The
 * rest run in name order, so a run is the same on every machine.
 */
const FIRST = ['harvest.e2e.ts', 'conversation.e2e.ts'];

const rank = (spec: TestSpecification) => {
  const index = FIRST.indexOf(path.basename(spec.moduleId));
  return index === -1 ? FIRST.length : index;
};

export class E2eSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
