import { SETTINGS_MESSAGES } from '@shared/contracts/settings';

interface SavedPasswordHintProps {
  id: string;
  /** Whether the typed server differs from the saved one: the saved password is not kept then. */
  serverChanged: boolean;
}

/** Under a password field with a saved password: what leaving it empty does. */
export function SavedPasswordHint({ id, serverChanged }: SavedPasswordHintProps) {
  return (
    <p id={id} className="text-sm text-muted-foreground">
      {serverChanged
        ? `${SETTINGS_MESSAGES.passwordForNewServer}.`
        : 'Leave it empty to keep the saved password.'}
    </p>
  );
}
