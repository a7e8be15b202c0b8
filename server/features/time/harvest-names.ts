import { HARVEST_FALLBACK_PROJECTS, HARVEST_FALLBACK_TASKS } from '@shared/contracts/harvest';
import { TIME_MESSAGES } from '@shared/contracts/time';
import { badRequest } from '../../lib/errors';
import type { HarvestCatalog } from '../../harvest/harvest-catalog';

export interface HarvestNames {
  projectName: string;
  taskName: string;
}

/**
 * The names stored with a time entry, from the cached lists. With Harvest's own lists an id it does
 * not offer is refused (Harvest would refuse the push); with the fallback lists any id is kept, named
 * after the fallback entry when there is one.
 */
export async function resolveHarvestNames(
  catalog: HarvestCatalog,
  ids: { projectId: number; taskId: number },
  fields: { project: string; task: string },
): Promise<HarvestNames> {
  const view = await catalog.get();
  if (view.source === 'fallback') {
    return {
      projectName:
        HARVEST_FALLBACK_PROJECTS.find((project) => project.id === ids.projectId)?.name ??
        `Project ${ids.projectId}`,
      taskName: HARVEST_FALLBACK_TASKS.find((task) => task.id === ids.taskId)?.name ?? `Task ${ids.taskId}`,
    };
  }
  const project = view.projects.find((candidate) => candidate.id === ids.projectId);
  if (!project) {
    throw badRequest(`${fields.project}: ${TIME_MESSAGES.unknownProject}`, {
      [fields.project]: [TIME_MESSAGES.unknownProject],
    });
  }
  const task = project.tasks.find((candidate) => candidate.id === ids.taskId);
  if (!task) {
    throw badRequest(`${fields.task}: ${TIME_MESSAGES.unknownTask}`, {
      [fields.task]: [TIME_MESSAGES.unknownTask],
    });
  }
  return { projectName: project.name, taskName: task.name };
}
