/**
 * The project's import graph between folders, read with the TypeScript compiler's own parser and
 * module resolution (so `@/…` and `@shared/…` resolve exactly as tsc resolves them). Tests and test
 * helpers are left out: the layers (docs/architecture.md) are a rule for the product's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

const SOURCE_ROOTS = ['server', 'shared', 'client/src'];
const isTest = (file: string) => /\.test(-support)?\.tsx?$/.test(file) || file.startsWith('server/test/');

function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
    }
  };
  for (const folder of SOURCE_ROOTS) walk(path.join(root, folder));
  return found;
}

/**
 * The folder a file belongs to, at the grain of the layers: a feature, a core module or a client
 * feature is one node; every other server or client folder is one node by its first segment; the
 * wiring files directly under server/ are `server`, except the config module, which every layer reads.
 */
export function folderOf(relativeFile: string): string {
  const parts = relativeFile.split('/');
  if (parts[0] === 'shared') return 'shared';
  if (parts[0] === 'client') {
    return parts[2] === 'features' ? parts.slice(0, 4).join('/') : parts.slice(0, 3).join('/');
  }
  if (relativeFile === 'server/config.ts') return relativeFile;
  if (parts.length === 2) return 'server';
  if (parts[1] === 'features' || parts[1] === 'core') return parts.slice(0, 3).join('/');
  return parts.slice(0, 2).join('/');
}

export interface FileImport {
  from: string;
  to: string;
}

/** Every import between two of the project's own (non-test) source files, as relative paths. */
export function projectImports(root = REPOSITORY_ROOT): FileImport[] {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const imports: FileImport[] = [];
  for (const file of sourceFiles(root)) {
    const from = relative(file);
    if (isTest(from)) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const to = relative(resolved.resolvedFileName);
      if (!to.startsWith('..') && !isTest(to)) imports.push({ from, to });
    }
  }
  return imports;
}

/** The folders that import each other round a loop (strongly connected components of two or more). */
export function folderCycles(imports: readonly FileImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  // Tarjan's algorithm: each component is a set of folders that all reach each other.
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    lowLink.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, indexOf.get(next)!));
      }
    }
    if (lowLink.get(node) !== indexOf.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}
