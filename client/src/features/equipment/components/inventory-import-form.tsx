import { useEffect, useRef, useState } from 'react';
import type { AssetImportResult } from '@shared/contracts/assets';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { ChosenFiles, FilePickerButton } from '@/components/ui/file-picker';
import { fieldErrorId } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverFieldErrors } from '@/lib/field-errors';
import { useImportAssets } from '../api/assets';
import { notifyFailure } from '../lib/equipment-toasts';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { InventoryImportColumns } from './inventory-import-columns';
import { InventoryImportErrors } from './inventory-import-errors';

const texts = INVENTORY_TEXTS.import;
const FILE_FIELD_ID = 'inventory-import-file';

/** The rows an import with errors leaves out: each bad line once, however many of its cells are bad. */
const skippedRows = (result: AssetImportResult) => new Set(result.errors.map((error) => error.line)).size;

/**
 * Choose a CSV, Check File (a dry run: the counts and every bad row, nothing written), then Import,
 * or Import Valid Rows when some rows are bad. A refused file (no Asset Tag column, not a CSV, too
 * large) says why under the file.
 */
export function InventoryImportForm({ onDone }: { onDone: () => void }) {
  const run = useImportAssets();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<AssetImportResult | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const resultsRef = useRef<HTMLDivElement>(null);
  // The counts and errors come below the guide to the columns: brought into view, on a phone too.
  useEffect(() => {
    if (checked) resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [checked]);
  const importing = run.isPending && !run.variables.dryRun;
  const importingValid = importing && run.variables.skipInvalid === true;

  const choose = (next: File | null) => {
    setFile(next);
    setChecked(null);
    setFileError(undefined);
  };

  const send = async (dryRun: boolean, skipInvalid = false) => {
    if (!file) return;
    setFileError(undefined);
    let result: AssetImportResult;
    try {
      result = await run.mutateAsync({ file, dryRun, skipInvalid });
    } catch (error) {
      const message = serverFieldErrors(error).file;
      if (message) setFileError(message);
      else
        notifyFailure(
          dryRun ? INVENTORY_TEXTS.toasts.checkFailed : INVENTORY_TEXTS.toasts.importFailed,
          error,
        );
      return;
    }
    // Without skipInvalid a bad row writes nothing: the rows changed since the check, show them.
    if (dryRun || (result.errors.length > 0 && !skipInvalid)) return setChecked(result);
    toast({
      title: INVENTORY_TEXTS.toasts.imported(result.created + result.updated),
      description: INVENTORY_TEXTS.toasts.importedDetail(result.created, result.updated, skippedRows(result)),
    });
    onDone();
  };

  const hasErrors = (checked?.errors.length ?? 0) > 0;
  const validRows = checked ? checked.created + checked.updated : 0;

  return (
    <div className="grid min-w-0 gap-4">
      <InventoryImportColumns />
      <div className="space-y-2">
        <FilePickerButton
          label={texts.chooseFile}
          onChoose={(files) => choose(files[0] ?? null)}
          disabled={run.isPending}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? fieldErrorId(FILE_FIELD_ID) : undefined}
        />
        <ChosenFiles
          files={file ? [file] : []}
          label={texts.chosenFile}
          removeLabel={texts.removeFile}
          onRemove={() => choose(null)}
          disabled={run.isPending}
        />
        {fileError && (
          <p id={fieldErrorId(FILE_FIELD_ID)} className="text-sm break-words text-destructive">
            {fileError}
          </p>
        )}
      </div>
      <div ref={resultsRef} aria-live="polite" className="scroll-mt-4 space-y-3 empty:hidden">
        {run.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="text-primary" />
            {importing ? texts.importing : texts.checking}
          </p>
        )}
        {checked && !run.isPending && (
          <>
            <p className="text-sm font-medium">{texts.summary(checked.created, checked.updated)}</p>
            {hasErrors && (
              <>
                <p className="text-sm text-destructive">
                  {texts.errorsHeading(checked.errors.length)}. {texts.errorsHint}
                </p>
                <InventoryImportErrors errors={checked.errors} />
              </>
            )}
          </>
        )}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{texts.cancel}</Button>
        </DialogClose>
        {!checked ? (
          <Button onClick={() => void send(true)} disabled={!file || run.isPending}>
            {run.isPending && <Spinner />}
            {texts.check}
          </Button>
        ) : (
          <>
            {hasErrors && (
              <Button
                variant="outline"
                onClick={() => void send(false, true)}
                disabled={validRows === 0 || run.isPending}
              >
                {importingValid && <Spinner />}
                {texts.importValid}
              </Button>
            )}
            <Button onClick={() => void send(false)} disabled={hasErrors || validRows === 0 || run.isPending}>
              {importing && !importingValid && <Spinner />}
              {texts.import}
            </Button>
          </>
        )}
      </DialogFooter>
    </div>
  );
}
