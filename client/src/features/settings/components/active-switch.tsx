import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';

interface ActiveSwitchProps {
  checked: boolean;
  /** The row's name, heard after the label ("Active Urgent words → high priority"). */
  name?: string;
  /** The visible words beside the track; "Active" unless a setting names its own (Settings → Portal). */
  label?: string;
  /** The id of a hint read after the switch's name. */
  describedBy?: string;
  disabled?: boolean;
  className?: string;
  onToggle: () => void;
}

/**
 * A row's Active switch (or a setting's on/off): a button with the switch role, so Space and Enter
 * flip it and it is heard as on or off; its visible words stay the same, the track says which.
 */
export function ActiveSwitch({
  checked,
  name,
  label = TEXTS.active,
  describedBy,
  disabled,
  className,
  onToggle,
}: ActiveSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-2 rounded-md px-2 text-xs font-medium hover:bg-accent disabled:opacity-50',
        focusRing,
        className,
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
      {label}
      {name && <span className="sr-only"> {name}</span>}
    </button>
  );
}
