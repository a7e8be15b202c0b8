import { describe, expect, it } from 'vitest';
import { folderCycles, folderOf, projectImports } from './import-graph';

// The layers themselves (which folder may import which) are checked by the linter
// (eslint.boundaries.js); what a per-import rule cannot see is a loop through several folders.
describe('the import graph between folders', () => {
  const imports = projectImports();

  it('when the product code is read then it holds imports to check', () => {
    expect(imports.length).toBeGreaterThan(1000);
  });

  it('when the folders are followed import by import then no folder reaches itself again', () => {
    expect(folderCycles(imports)).toEqual([]);
  });

  it('when a folder imports one that imports it back then that loop is found', () => {
    const loop = [
      { from: 'server/features/a/a.service.ts', to: 'server/features/b/b.service.ts' },
      { from: 'server/features/b/b.service.ts', to: 'server/core/c/c.ts' },
      { from: 'server/core/c/c.ts', to: 'server/features/a/a.repository.ts' },
      { from: 'server/lib/errors.ts', to: 'shared/constants.ts' },
    ];
    expect(folderCycles(loop)).toEqual([['server/core/c', 'server/features/a', 'server/features/b']]);
  });

  it('when files sit in the same feature or core module then they are one folder', () => {
    expect(folderOf('server/features/tickets/tickets.service.ts')).toBe('server/features/tickets');
    expect(folderOf('server/core/users/users.repository.ts')).toBe('server/core/users');
    expect(folderOf('client/src/features/views/components/x.tsx')).toBe('client/src/features/views');
    expect(folderOf('server/app.ts')).toBe('server');
  });
});
