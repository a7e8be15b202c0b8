import { HarvestSelect, type HarvestPickerList } from './harvest-select';

/** The spec's task select messages (§2 Time Tracking), word for word. */
export const TASK_SELECT_MESSAGES = {
  noProject: 'Select a project first',
  loading: 'Loading tasks...',
  empty: 'No tasks available for this project',
  failed: 'Could not load tasks',
  prompt: 'Select a task',
} as const;

function taskPlaceholder(projectChosen: boolean, list: HarvestPickerList): string {
  if (!projectChosen) return TASK_SELECT_MESSAGES.noProject;
  if (list.isLoading) return TASK_SELECT_MESSAGES.loading;
  if (list.isError) return TASK_SELECT_MESSAGES.failed;
  if (!list.items || list.items.length === 0) return TASK_SELECT_MESSAGES.empty;
  return TASK_SELECT_MESSAGES.prompt;
}

interface HarvestTaskSelectProps {
  id: string;
  /** The Task select stays disabled until a project is chosen (spec §5). */
  projectChosen: boolean;
  list: HarvestPickerList;
  value: number | null;
  onChange: (taskId: number) => void;
  error?: string;
}

/** "Harvest Task": the tasks of the chosen project. */
export function HarvestTaskSelect({
  id,
  projectChosen,
  list,
  value,
  onChange,
  error,
}: HarvestTaskSelectProps) {
  const items = projectChosen ? (list.items ?? []) : [];
  return (
    <HarvestSelect
      id={id}
      label="Harvest Task"
      items={items}
      value={projectChosen ? value : null}
      onChange={onChange}
      placeholder={taskPlaceholder(projectChosen, list)}
      disabled={items.length === 0}
      error={error}
    />
  );
}
