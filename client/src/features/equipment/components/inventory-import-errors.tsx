import type { AssetImportError } from '@shared/contracts/assets';
import { focusRing } from '@/components/ui/focus-ring';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';

/** A file of 10,000 bad rows has as many errors: the first ones tell what to fix. */
const SHOWN_ERRORS = 200;

/**
 * The rows the import refuses, by line (the header is line 1), field and message. The table scrolls
 * inside its box, which is a named tab stop, so the keyboard scrolls it too.
 */
export function InventoryImportErrors({ errors }: { errors: readonly AssetImportError[] }) {
  const texts = INVENTORY_TEXTS.import;
  const shown = errors.slice(0, SHOWN_ERRORS);
  return (
    <div className="space-y-2">
      <div
        role="region"
        aria-label={texts.errorsTable}
        tabIndex={0}
        className={cn('max-h-60 overflow-y-auto rounded-md border', focusRing)}
      >
        <Table>
          <TableHeader className="sticky top-0 bg-card">
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-12 pl-3">{texts.line}</TableHead>
              <TableHead className="w-28">{texts.field}</TableHead>
              <TableHead className="pr-3">{texts.message}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((error, index) => (
              <TableRow key={`${error.line}-${error.field}-${index}`}>
                <TableCell className="pl-3 align-top tabular-nums">{error.line}</TableCell>
                <TableCell className="align-top">{texts.fieldLabels[error.field] ?? error.field}</TableCell>
                <TableCell className="pr-3 align-top break-words">{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {errors.length > shown.length && (
        <p className="text-sm text-muted-foreground">{texts.moreErrors(errors.length - shown.length)}</p>
      )}
    </div>
  );
}
