import { CANNED_RESPONSE_TEXTS as TEXTS, type CannedResponse } from '@shared/contracts/canned-responses';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface ConfirmDeleteResponseProps {
  response: CannedResponse | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete "Restart"? This cannot be undone." before a canned response is deleted. */
export function ConfirmDeleteResponse({
  response,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDeleteResponseProps) {
  return (
    <ConfirmDialog
      open={response !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={TEXTS.delete}
      description={response ? TEXTS.confirmDelete(response.name) : ''}
      cancelLabel={TEXTS.cancel}
      confirmLabel={TEXTS.delete}
      confirmDisabled={pending}
      onConfirm={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    />
  );
}
