import { CircleAlert, CircleCheck } from 'lucide-react';
import { EMAIL_SETTINGS_TEXTS, type EmailDeliveryCheck } from '@shared/contracts/email-settings';
import { cn } from '@/lib/utils';

const checkedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatCheckedAt(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : checkedAtFormat.format(time);
}

/**
 * Whether the last test email or reply reached the SMTP server, and when: the first place to look when
 * requesters say they got no answer. Nothing shows before the first attempt.
 */
export function EmailLastCheck({ check }: { check: EmailDeliveryCheck | null }) {
  if (check === null) return null;
  const Icon = check.ok ? CircleCheck : CircleAlert;
  const headline = check.ok
    ? EMAIL_SETTINGS_TEXTS.lastTestOk
    : `${EMAIL_SETTINGS_TEXTS.lastTestFailed}: ${check.error ?? ''}`.replace(/: $/, '');
  return (
    <div
      role="status"
      className={cn('flex gap-3 rounded-md border p-3 text-sm', {
        'border-green-200 bg-green-50 text-green-900': check.ok,
        'border-red-200 bg-red-50 text-red-900': !check.ok,
      })}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium break-words">{headline}</p>
        <p>
          <time dateTime={check.at}>{formatCheckedAt(check.at)}</time>
        </p>
      </div>
    </div>
  );
}
