import { HarvestSelect, type HarvestPickerList } from './harvest-select';

/** The spec's project select messages (§2 Time Tracking), word for word. */
export const PROJECT_SELECT_MESSAGES = {
  loading: 'Loading projects...',
  empty: 'No projects available - configure Harvest credentials',
  failed: 'Could not load projects',
  prompt: 'Select a project',
} as const;

function projectPlaceholder(list: HarvestPickerList): string {
  if (list.isLoading) return PROJECT_SELECT_MESSAGES.loading;
  if (list.isError) return PROJECT_SELECT_MESSAGES.failed;
  if (!list.items || list.items.length === 0) return PROJECT_SELECT_MESSAGES.empty;
  return PROJECT_SELECT_MESSAGES.prompt;
}

interface HarvestProjectSelectProps {
  id: string;
  list: HarvestPickerList;
  value: number | null;
  onChange: (projectId: number) => void;
  error?: string;
}

/** "Harvest Project": says while loading, or when there is nothing to choose, why it is empty. */
export function HarvestProjectSelect({ id, list, value, onChange, error }: HarvestProjectSelectProps) {
  const items = list.items ?? [];
  return (
    <HarvestSelect
      id={id}
      label="Harvest Project"
      items={items}
      value={value}
      onChange={onChange}
      placeholder={projectPlaceholder(list)}
      disabled={items.length === 0}
      error={error}
    />
  );
}
