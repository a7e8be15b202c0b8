import { CircleCheck, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import type { CsatScore, RatingPageResponse } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { serverFieldErrors } from '@/lib/field-errors';
import { cn } from '@/lib/utils';
import { getRatingPage, rate } from '../api/portal-api';
import {
  CSAT_SCORE_LABELS,
  CSAT_SCORES,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
} from '@shared/contracts/portal-values';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import { isStatus, useLoad } from '../lib/use-load';
import { failureMessage, PortalLoadError, PortalLoading } from './load-state';
import { PortalCardPage } from './portal-layout';

const SCORE_ICONS = { good: ThumbsUp, bad: ThumbsDown } as const;
const isScore = (value: string | null): value is CsatScore =>
  value !== null && (CSAT_SCORES as readonly string[]).includes(value);

function RatingForm({
  token,
  page,
  linkScore,
}: {
  token: string;
  page: RatingPageResponse;
  linkScore: CsatScore | null;
}) {
  const scoreErrorId = useId();
  // The link's choice (Good or Bad in the email) first, else what was saved before.
  const [score, setScore] = useState<CsatScore | null>(linkScore ?? page.score);
  const [comment, setComment] = useState(page.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved(undefined);
    setErrors({});
    setFailure(undefined);
    try {
      const trimmed = comment.trim();
      const answer = await rate(token, {
        score: score as CsatScore,
        ...(trimmed ? { comment: trimmed } : {}),
      });
      setSaved(answer.message || PORTAL_MESSAGES.ratingSaved);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      if (!fieldErrors.score && !fieldErrors.comment)
        setFailure(failureMessage(error, PORTAL_TEXTS.sendFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {saved && (
        <div
          role="status"
          className="flex gap-3 rounded-md border border-success/30 bg-success/10 p-3 text-sm"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">{saved}</p>
            <p className="text-muted-foreground">{PORTAL_TEXTS.changeHint}</p>
          </div>
        </div>
      )}
      <fieldset className="space-y-2" aria-describedby={errors.score ? scoreErrorId : undefined}>
        <legend className="text-sm leading-none font-medium">{PORTAL_TEXTS.rating}</legend>
        <div className="grid grid-cols-2 gap-3 pt-1">
          {CSAT_SCORES.map((each) => {
            const Icon = SCORE_ICONS[each];
            return (
              <label
                key={each}
                className={cn(
                  'relative flex cursor-pointer items-center justify-center gap-2 rounded-md border bg-card px-4 py-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                  score === each &&
                    (each === 'good'
                      ? 'border-success bg-success/10 text-foreground hover:bg-success/15'
                      : 'border-destructive bg-destructive/10 text-foreground hover:bg-destructive/15'),
                )}
              >
                <input
                  type="radio"
                  name="score"
                  value={each}
                  // Over the whole choice, unseen: a click anywhere on it picks it.
                  className="absolute inset-0 size-full cursor-pointer opacity-0"
                  checked={score === each}
                  onChange={() => setScore(each)}
                  disabled={busy}
                />
                <Icon className="size-4" aria-hidden="true" />
                {CSAT_SCORE_LABELS[each]}
              </label>
            );
          })}
        </div>
        {errors.score && (
          <p id={scoreErrorId} className="text-sm text-destructive">
            {errors.score}
          </p>
        )}
      </fieldset>
      <FormField id="portal-rating-comment" label={PORTAL_TEXTS.comment} error={errors.comment}>
        <Textarea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={4}
          maxLength={PORTAL_LIMITS.comment}
          placeholder={PORTAL_TEXTS.commentHint}
          disabled={busy}
          {...fieldAria('portal-rating-comment', errors.comment)}
        />
      </FormField>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? PORTAL_TEXTS.submitting : PORTAL_TEXTS.submit}
      </Button>
    </form>
  );
}

/**
 * /portal/rate/{token}?score=good|bad, the "How did we do?" email's links: the choice preselected, a
 * comment, and Submit. Opening the page records nothing (a mail scanner's visit is no rating); the
 * requester may change the rating while the link lasts. No sign-in: the token is the credential.
 */
export function RatePage({ token }: { token: string }) {
  const [search] = useSearchParams();
  const linkScore = search.get('score');
  const { loaded, retry } = useLoad(`rating ${token}`, (signal) => getRatingPage(token, { signal }));
  return (
    <PortalCardPage>
      <CardHeader>
        <CardTitle>{PORTAL_TEXTS.rateTitle}</CardTitle>
        {loaded.state === 'done' && (
          <CardDescription className="break-words">
            {PORTAL_TEXTS.rateDescription(loaded.data.ticketNumber, loaded.data.subject)}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {loaded.state === 'loading' ? (
          <PortalLoading />
        ) : loaded.state === 'error' ? (
          // 404: the link has expired (or never was one); trying again cannot help.
          isStatus(loaded.error, 404) ? (
            <PortalLoadError error={loaded.error} message={PORTAL_MESSAGES.ratingInvalid} />
          ) : (
            <PortalLoadError error={loaded.error} onRetry={retry} />
          )
        ) : (
          <RatingForm token={token} page={loaded.data} linkScore={isScore(linkScore) ? linkScore : null} />
        )}
      </CardContent>
    </PortalCardPage>
  );
}
