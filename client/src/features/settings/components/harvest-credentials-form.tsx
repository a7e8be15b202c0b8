import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { HarvestCredentialsSettingResponse } from '@shared/contracts/settings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useSaveHarvestSettings } from '../api/save-harvest-settings';
import { checkHarvestCredentials, type HarvestCredentialsFormValues } from '../lib/harvest-credentials-form';
import { notifyFailure, notifySuccess, serverMessageOf, SETTINGS_TOASTS } from '../lib/settings-toasts';
import { SaveOutcome, type SaveOutcomeState } from './save-outcome';

interface HarvestCredentialsFormProps {
  setting: HarvestCredentialsSettingResponse;
}

/** The admin's form: the server checks the credentials with Harvest before it keeps them. */
export function HarvestCredentialsForm({ setting }: HarvestCredentialsFormProps) {
  const save = useSaveHarvestSettings();
  const [outcome, setOutcome] = useState<SaveOutcomeState | null>(null);
  const form = useForm<HarvestCredentialsFormValues>({
    // The token field never holds the mask: an empty field means "keep the saved token".
    defaultValues: { accountId: setting.value.accountId, accessToken: '' },
  });
  const { errors } = form.formState;
  const savedTokenMask = setting.configured ? setting.value.accessToken : null;

  const onSubmit = (values: HarvestCredentialsFormValues) => {
    const check = checkHarvestCredentials(values, savedTokenMask);
    if (!check.ok) {
      for (const [field, message] of check.fieldErrors) form.setError(field, { type: 'validate', message });
      return;
    }
    setOutcome(null);
    save.mutate(check.value, {
      onSuccess: (result) => {
        form.reset({ accountId: check.value.accountId, accessToken: '' });
        // Saved in every case; whether Harvest said yes decides how the outcome reads.
        const verified = result.verification.status === 'verified';
        setOutcome({ ok: verified, message: result.message });
        notifySuccess(
          SETTINGS_TOASTS.settingsSaved,
          verified && result.harvestUser
            ? `Harvest accepted the credentials: connected as ${result.harvestUser.name}.`
            : result.message,
        );
      },
      onError: (error) => {
        setOutcome({ ok: false, message: serverMessageOf(error) ?? SETTINGS_TOASTS.settingsFailed });
        notifyFailure(SETTINGS_TOASTS.settingsFailed, error);
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <TextField
        id="settings-harvest-account-id"
        label="Account ID"
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 1234567"
        error={errors.accountId?.message}
        {...form.register('accountId')}
      />
      <div className="space-y-2">
        <TextField
          id="settings-harvest-access-token"
          label="Access Token"
          type="password"
          // Not "off": browsers fill a saved sign-in password into password fields despite it.
          autoComplete="new-password"
          placeholder={
            savedTokenMask ? 'Enter a new token to replace the saved one' : 'Personal access token'
          }
          error={errors.accessToken?.message}
          {...form.register('accessToken')}
        />
        <p className="text-sm text-muted-foreground">
          {savedTokenMask
            ? `Saved token: ${savedTokenMask}. Leave the field empty to keep it.`
            : 'Create a personal access token in Harvest under Developers.'}
        </p>
      </div>
      <SaveOutcome outcome={outcome} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
