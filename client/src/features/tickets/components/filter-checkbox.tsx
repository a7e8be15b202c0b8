import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

interface FilterCheckboxProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}

/** A checkbox named by its visible label, so getByLabel and getByRole('checkbox') both find it. */
export function FilterCheckbox({ id, label, checked, onCheckedChange, className }: FilterCheckboxProps) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(next) => onCheckedChange(next === true)} />
      <Label htmlFor={id} className={className}>
        {label}
      </Label>
    </div>
  );
}
