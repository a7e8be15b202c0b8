import { useEffect } from 'react';
import { WEBHOOKS_TEXTS as T } from '../lib/webhooks-texts';
import { CopyableLink } from './copyable-link';

const SECRET_FIELD = 'webhook-secret';

/**
 * A webhook's signing secret, shown once (after Create or Rotate Secret) with Copy, the warning that it
 * will not be shown again, and how a receiver checks a delivery with it. Focus lands on the secret
 * (which selects it), since the form that was focused is gone.
 */
export function WebhookSecret({ secret }: { secret: string }) {
  useEffect(() => {
    document.getElementById(SECRET_FIELD)?.focus();
  }, []);
  return (
    <div className="min-w-0 space-y-2 rounded-md border border-primary/30 bg-primary/5 p-4">
      <CopyableLink
        id={SECRET_FIELD}
        label={T.secretLabel}
        url={secret}
        copyLabel={T.copySecret}
        copiedMessage={T.secretCopied}
      />
      <p className="text-sm font-medium">{T.secretOnce}</p>
      <p className="text-sm break-words text-muted-foreground">{T.verifyRecipe}</p>
    </div>
  );
}
