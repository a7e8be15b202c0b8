import { useId } from 'react';
import { ActiveSwitch } from './active-switch';

/** A setting's on/off switch with the hint under it that the switch is described by. */
export function SettingSwitch({
  label,
  hint,
  checked,
  onToggle,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onToggle: () => void;
}) {
  const hintId = useId();
  return (
    <div className="space-y-1">
      <ActiveSwitch
        label={label}
        checked={checked}
        describedBy={hintId}
        onToggle={onToggle}
        className="-ml-2 h-auto min-h-9 py-1.5 text-left text-sm"
      />
      {/* Under the switch's words, past its track. */}
      <p id={hintId} className="pl-11 text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
