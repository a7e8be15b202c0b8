import {
  EMAIL_SETTINGS_TEXTS,
  SMTP_SECURITY,
  SMTP_SECURITY_LABELS,
  type SmtpSecurity,
} from '@shared/contracts/email-settings';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const isSecurity = (value: string): value is SmtpSecurity => SMTP_SECURITY.some((option) => option === value);

interface ConnectionSecurityFieldProps {
  id: string;
  value: SmtpSecurity;
  error: string | undefined;
  /** The picked kind; the form proposes its usual port. */
  onChange(next: SmtpSecurity): void;
  onBlur(): void;
}

/** The Security select (TLS / STARTTLS / none) of a mail server connection, SMTP or IMAP. */
export function ConnectionSecurityField({
  id,
  value,
  error,
  onChange,
  onBlur,
}: ConnectionSecurityFieldProps) {
  return (
    <FormField id={id} label={EMAIL_SETTINGS_TEXTS.security} error={error}>
      <Select value={value} onValueChange={(next) => isSecurity(next) && onChange(next)}>
        <SelectTrigger {...fieldAria(id, error)} onBlur={onBlur}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SMTP_SECURITY.map((option) => (
            <SelectItem key={option} value={option}>
              {SMTP_SECURITY_LABELS[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
