import { HarvestFallbackNote } from '@/components/harvest/harvest-fallback-note';
import { HarvestProjectSelect } from '@/components/harvest/harvest-project-select';
import { HarvestTaskSelect } from '@/components/harvest/harvest-task-select';
import type { useCloseTicketPickers } from './use-close-ticket-pickers';

type CloseTicketPickersProps = ReturnType<typeof useCloseTicketPickers> & {
  idPrefix: string;
  /** Why the card cannot close yet, beside the select it is about. */
  errors?: { project?: string; task?: string };
};

/** Harvest Project (with a note when the lists are the defaults) and Harvest Task. */
export function CloseTicketPickers({
  projects,
  tasks,
  projectId,
  taskId,
  chooseProject,
  chooseTask,
  idPrefix,
  errors = {},
}: CloseTicketPickersProps) {
  return (
    <>
      <div className="space-y-2">
        <HarvestProjectSelect
          id={`${idPrefix}-project`}
          list={{ items: projects.data?.projects, isLoading: projects.isLoading, isError: projects.isError }}
          value={projectId}
          onChange={chooseProject}
          error={errors.project}
        />
        <HarvestFallbackNote source={projects.data?.source} message={projects.data?.message} />
      </div>
      <HarvestTaskSelect
        id={`${idPrefix}-task`}
        projectChosen={projectId !== null}
        list={{ items: tasks.data?.tasks, isLoading: tasks.isLoading, isError: tasks.isError }}
        value={taskId}
        onChange={chooseTask}
        error={errors.task}
      />
    </>
  );
}
