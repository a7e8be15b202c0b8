import { MessageSquareText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CANNED_RESPONSE_TEXTS as TEXTS, type CannedResponse } from '@shared/contracts/canned-responses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { useCannedResponses, useDeleteCannedResponse } from '../api/canned-responses';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';
import { CannedResponseDialog } from './canned-response-dialog';
import { ConfirmDeleteResponse } from './confirm-delete-response';

interface CannedResponsesCardProps {
  /** Admins manage team responses; everyone manages their own. */
  isAdmin: boolean;
  userId: string;
}

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; response: CannedResponse };

/** Settings → Canned Responses (issue 23): the list with search, and create, edit, delete. */
export function CannedResponsesCard({ isAdmin, userId }: CannedResponsesCardProps) {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<CannedResponse | null>(null);
  const list = useCannedResponses(search.trim());
  const remove = useDeleteCannedResponse();
  const canChange = (response: CannedResponse) =>
    response.scope === 'team' ? isAdmin : response.ownerId === userId;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(TEXTS.deleted),
      onError: (error) => notifyFailure(TEXTS.deleteFailed, error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <SectionCard title={TEXTS.cardTitle} description={TEXTS.cardDescription} icon={MessageSquareText}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1 space-y-2">
            <Label htmlFor="canned-search">{TEXTS.searchLabel}</Label>
            <Input
              id="canned-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={TEXTS.searchPlaceholder}
            />
          </div>
          <Button onClick={() => setEditing({ mode: 'new' })}>
            <Plus aria-hidden="true" />
            {TEXTS.newResponse}
          </Button>
        </div>
        <ResponseList
          list={list}
          searching={search.trim() !== ''}
          canChange={canChange}
          onEdit={(response) => setEditing({ mode: 'edit', response })}
          onDelete={setDeleting}
        />
      </div>
      <CannedResponseDialog
        open={editing.mode !== 'closed'}
        response={editing.mode === 'edit' ? editing.response : null}
        isAdmin={isAdmin}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
      />
      <ConfirmDeleteResponse
        response={deleting}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

interface ResponseListProps {
  list: ReturnType<typeof useCannedResponses>;
  searching: boolean;
  canChange: (response: CannedResponse) => boolean;
  onEdit: (response: CannedResponse) => void;
  onDelete: (response: CannedResponse) => void;
}

function ResponseList({ list, searching, canChange, onEdit, onDelete }: ResponseListProps) {
  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading...
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {TEXTS.loadFailed}
      </p>
    );
  }
  if (list.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{searching ? TEXTS.noMatch : TEXTS.empty}</p>;
  }
  return (
    <ul className="divide-y rounded-md border" aria-label={TEXTS.cardTitle}>
      {list.data.map((response) => (
        <li key={response.id} className="flex flex-wrap items-start gap-3 p-3">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words">{response.name}</span>
              <Badge variant="secondary">{response.scope === 'team' ? TEXTS.team : TEXTS.personal}</Badge>
              <span className="text-xs text-muted-foreground">{TEXTS.used(response.usageCount)}</span>
            </div>
            <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-muted-foreground">
              {response.body}
            </p>
          </div>
          {canChange(response) && (
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => onEdit(response)}>
                <Pencil aria-hidden="true" />
                {TEXTS.edit}
                <span className="sr-only"> {response.name}</span>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onDelete(response)}>
                <Trash2 aria-hidden="true" />
                {TEXTS.delete}
                <span className="sr-only"> {response.name}</span>
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
