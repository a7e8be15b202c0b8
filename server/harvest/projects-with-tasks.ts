/**
 * The project and task lists for the help desk's pickers. The user's own project assignments work for
 * every Harvest role and need one paged request; the admin endpoints (one request per project) are only
 * the fallback for accounts where that endpoint is refused or missing.
 */
import { HarvestForbiddenError, HarvestNotFoundError } from './errors';
import type { HarvestProject, HarvestProjectAssignment, HarvestTaskAssignment } from './schemas';

export interface HarvestNamedItem {
  id: number;
  name: string;
}

export interface HarvestProjectWithTasks extends HarvestNamedItem {
  tasks: HarvestNamedItem[];
}

export interface ProjectCatalogSource {
  listProjectAssignments(): Promise<HarvestProjectAssignment[]>;
  listProjects(query?: { is_active?: boolean }): Promise<HarvestProject[]>;
  listTaskAssignments(projectId: number, query?: { is_active?: boolean }): Promise<HarvestTaskAssignment[]>;
}

const byName = (a: HarvestNamedItem, b: HarvestNamedItem) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

const named = ({ id, name }: HarvestNamedItem): HarvestNamedItem => ({ id, name });

function fromAssignments(assignments: HarvestProjectAssignment[]): HarvestProjectWithTasks[] {
  const projects = new Map<number, HarvestProjectWithTasks>();
  for (const assignment of assignments) {
    if (!assignment.is_active || projects.has(assignment.project.id)) continue;
    const tasks = assignment.task_assignments.filter((ta) => ta.is_active).map((ta) => named(ta.task));
    projects.set(assignment.project.id, { ...named(assignment.project), tasks: tasks.sort(byName) });
  }
  return [...projects.values()];
}

async function fromAdminEndpoints(source: ProjectCatalogSource): Promise<HarvestProjectWithTasks[]> {
  const projects = await source.listProjects({ is_active: true });
  const result: HarvestProjectWithTasks[] = [];
  // One project at a time: Harvest allows 100 requests per 15 s, and a burst would spend it at once.
  for (const project of projects) {
    const assignments = await source.listTaskAssignments(project.id, { is_active: true });
    const tasks = assignments.filter((ta) => ta.is_active).map((ta) => named(ta.task));
    result.push({ ...named(project), tasks: tasks.sort(byName) });
  }
  return result;
}

/** Active projects with their active tasks, both sorted by name. */
export async function listProjectsWithTasks(
  source: ProjectCatalogSource,
): Promise<HarvestProjectWithTasks[]> {
  let projects: HarvestProjectWithTasks[];
  try {
    projects = fromAssignments(await source.listProjectAssignments());
  } catch (error) {
    if (!(error instanceof HarvestForbiddenError || error instanceof HarvestNotFoundError)) throw error;
    projects = await fromAdminEndpoints(source);
  }
  return projects.sort(byName);
}
