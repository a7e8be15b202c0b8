import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TICKET_FIELDS_TEXTS as TEXTS } from '../lib/ticket-fields-texts';

export type MoveDirection = 'up' | 'down';

interface MoveButtonsProps {
  /** What identifies the row, so focus can find its buttons again once it has moved. */
  row: string;
  /** The row's name, in each button's accessible name ("Move Up Category"). */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: MoveDirection) => void;
}

/** Move Up and Move Down of one row of an ordered list: buttons, so the keyboard reorders too. */
export function MoveButtons({ row, name, first, last, onMove }: MoveButtonsProps) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        data-move-row={row}
        data-move="up"
        aria-label={`${TEXTS.moveUp} ${name}`}
        title={TEXTS.moveUp}
        disabled={first}
        onClick={() => onMove('up')}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        data-move-row={row}
        data-move="down"
        aria-label={`${TEXTS.moveDown} ${name}`}
        title={TEXTS.moveDown}
        disabled={last}
        onClick={() => onMove('down')}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}

/**
 * Puts focus back on the moved row's button once the list shows its new order: re-ordering keyed rows
 * can take the focused button out of the page and put it back, which drops focus. A row moved to an
 * end has that button disabled; focus goes to its other one.
 */
export function focusMoveButton(root: HTMLElement | null, row: string, direction: MoveDirection): void {
  const button = (which: MoveDirection) =>
    root?.querySelector<HTMLButtonElement>(`[data-move-row="${CSS.escape(row)}"][data-move="${which}"]`);
  const wanted = button(direction);
  (wanted && !wanted.disabled ? wanted : button(direction === 'up' ? 'down' : 'up'))?.focus();
}
