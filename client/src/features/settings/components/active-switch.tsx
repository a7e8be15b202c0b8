import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';

interface ActiveSwitchProps {
  checked: boolean;
  /** The row's name, heard after "Active" ("Active Urgent words → high priority"). */
  name: string;
  disabled?: boolean;
  onToggle: () => void;
}

/**
 * A row's Active switch: a button with the switch role, so Space and Enter flip it and it is heard
 * as on or off; its visible word stays "Active", the track says which.
 */
export function ActiveSwitch({ checked, name, disabled, onToggle }: ActiveSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-2 rounded-md px-2 text-xs font-medium hover:bg-accent disabled:opacity-50',
        focusRing,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border transition-colors',
          checked ? 'border-primary bg-primary' : 'border-muted-foreground/60 bg-muted',
        )}
      >
        <span
          className={cn(
            'size-3.5 rounded-full shadow-xs transition-transform',
            checked ? 'translate-x-4.5 bg-primary-foreground' : 'translate-x-0.5 bg-muted-foreground',
          )}
        />
      </span>
      {TEXTS.active}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
