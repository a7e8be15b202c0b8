import { useState } from 'react';
import { DEFAULT_CLOSE_PROJECT, DEFAULT_CLOSE_TASK, type HarvestNamedItem } from '@shared/contracts/harvest';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useHarvestProjects } from '../../api/get-harvest-projects';
import { useHarvestTasks } from '../../api/get-harvest-tasks';

const idNamed = (items: readonly HarvestNamedItem[] | undefined, name: string) =>
  items?.find((item) => item.name === name)?.id ?? null;

const nameOf = (items: readonly HarvestNamedItem[] | undefined, id: number | null) =>
  items?.find((item) => item.id === id)?.name ?? null;

/**
 * The project and task of the Close Ticket card. Until the user picks one, the choice is the spec's
 * default (project Support, task Heat Tickets), found by name because a real Harvest account numbers
 * its projects its own way. Picking a project goes back to the default task of that project.
 */
export function useCloseTicketPickers() {
  // undefined: not picked by the user, so the default applies once the lists arrive.
  const [pickedProject, setPickedProject] = useState<number | undefined>(undefined);
  const [pickedTask, setPickedTask] = useState<number | undefined>(undefined);

  const projects = useHarvestProjects();
  const projectId = pickedProject ?? idNamed(projects.data?.projects, DEFAULT_CLOSE_PROJECT.name);
  const tasks = useHarvestTasks(projectId);
  const taskId = pickedTask ?? idNamed(tasks.data?.tasks, DEFAULT_CLOSE_TASK.name);
  useSessionExpiryRedirect(projects.error ?? tasks.error);

  const chooseProject = (id: number) => {
    setPickedProject(id);
    setPickedTask(undefined);
  };

  return { projects, tasks, projectId, taskId, chooseProject, chooseTask: setPickedTask };
}

/** The chosen project's and task's names as the selects show them (a timer stop's review quotes them). */
export function chosenNames(pickers: ReturnType<typeof useCloseTicketPickers>) {
  return {
    project: nameOf(pickers.projects.data?.projects, pickers.projectId),
    task: nameOf(pickers.tasks.data?.tasks, pickers.taskId),
  };
}
