import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

interface SubmitFormProps extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  /** Runs on Enter or the submit button; the page is not sent anywhere. */
  onSubmit: () => void;
}

/**
 * A form the app checks and sends itself: the browser's own validation and submission stay off, so
 * messages are ours (noValidate) and nothing reloads the page.
 */
export function SubmitForm({ onSubmit, className, ...props }: SubmitFormProps) {
  return (
    <form
      noValidate
      className={cn('space-y-4', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      {...props}
    />
  );
}
