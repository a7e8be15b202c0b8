import { HarvestFallbackNote } from '@/components/harvest/harvest-fallback-note';
import { HarvestProjectSelect } from '@/components/harvest/harvest-project-select';
import { HarvestTaskSelect } from '@/components/harvest/harvest-task-select';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
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
}

/** Harvest Project and Harvest Task, read from the server's cached Harvest lists. */
export function TimeEntryPickers({
  projectId,
  taskId,
  onProjectChange,
  onTaskChange,
  errors,
}: TimeEntryPickersProps) {
  const projects = useHarvestProjects();
  const tasks = useHarvestTasks(projectId);
  useSessionExpiryRedirect(projects.error ?? tasks.error);
  return (
    <>
      <div className="space-y-2">
        <HarvestProjectSelect
          id="time-entry-project"
          list={{ items: projects.data?.projects, isLoading: projects.isLoading, isError: projects.isError }}
          value={projectId}
          onChange={onProjectChange}
          error={errors.project}
        />
        <HarvestFallbackNote source={projects.data?.source} message={projects.data?.message} />
      </div>
      <HarvestTaskSelect
        id="time-entry-task"
        projectChosen={projectId !== null}
        list={{ items: tasks.data?.tasks, isLoading: tasks.isLoading, isError: tasks.isError }}
        value={taskId}
        onChange={onTaskChange}
        error={errors.task}
      />
    </>
  );
}
