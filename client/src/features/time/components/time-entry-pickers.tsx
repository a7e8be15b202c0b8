import type { HarvestNamedItem } from '@shared/contracts/harvest';
import { HarvestFallbackNote } from '@/components/harvest/harvest-fallback-note';
import { HarvestProjectSelect } from '@/components/harvest/harvest-project-select';
import { HarvestTaskSelect } from '@/components/harvest/harvest-task-select';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useHarvestProjects } from '../api/get-harvest-projects';
import { useHarvestTasks } from '../api/get-harvest-tasks';

interface TimeEntryPickersProps {
  projectId: number | null;
  taskId: number | null;
  /** A new project clears the task: the old one may not belong to it. */
  onProjectChange: (projectId: number) => void;
  onTaskChange: (taskId: number) => void;
  /** The server's reasons for refusing the project or task, if it did. */
  errors: { project?: string; task?: string };
  /** Prefixes the inputs' ids, so a second form on the page (the edit dialog) has ids of its own. */
  idPrefix?: string;
  /**
   * An edited entry's own project and task: offered even when Harvest's lists lack them (archived
   * since, or the lists are still loading), so the selects show what is saved rather than a blank.
   */
  current?: { project: HarvestNamedItem; task: HarvestNamedItem };
}

/** `items`, plus `extra` in name order when it is not among them. */
function including(items: readonly HarvestNamedItem[] | undefined, extra: HarvestNamedItem | undefined) {
  if (!extra || items?.some((item) => item.id === extra.id)) return items;
  return [...(items ?? []), extra].sort((a, b) => a.name.localeCompare(b.name));
}

/** Harvest Project and Harvest Task, read from the server's cached Harvest lists. */
export function TimeEntryPickers({
  projectId,
  taskId,
  onProjectChange,
  onTaskChange,
  errors,
  idPrefix = 'time-entry',
  current,
}: TimeEntryPickersProps) {
  const projects = useHarvestProjects();
  const tasks = useHarvestTasks(projectId);
  useSessionExpiryRedirect(projects.error ?? tasks.error);
  // The saved task belongs to the saved project only.
  const currentTask = current && projectId === current.project.id ? current.task : undefined;
  return (
    <>
      <div className="space-y-2">
        <HarvestProjectSelect
          id={`${idPrefix}-project`}
          list={{
            items: including(projects.data?.projects, current?.project),
            isLoading: projects.isLoading,
            isError: projects.isError,
          }}
          value={projectId}
          onChange={onProjectChange}
          error={errors.project}
        />
        <HarvestFallbackNote source={projects.data?.source} message={projects.data?.message} />
      </div>
      <HarvestTaskSelect
        id={`${idPrefix}-task`}
        projectChosen={projectId !== null}
        list={{
          items: including(tasks.data?.tasks, currentTask),
          isLoading: tasks.isLoading,
          isError: tasks.isError,
        }}
        value={taskId}
        onChange={onTaskChange}
        error={errors.task}
      />
    </>
  );
}
