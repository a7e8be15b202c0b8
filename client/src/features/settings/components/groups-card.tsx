import { Inbox, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { GROUP_TEXTS as TEXTS, type Group } from '@shared/contracts/groups';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { useGroups } from '@/lib/groups';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupDialog } from './group-dialog';
import { SettingLoader } from './setting-loader';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; group: Group };

/**
 * Settings → Groups (issue 39, admins): every group by name with its address, whether it is private,
 * how its tickets are assigned, its members and open tickets; Add Group, Edit and Delete.
 */
export function GroupsCard() {
  const groups = useGroups();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Group | null>(null);
  return (
    <SectionCard title={TEXTS.section} description={TEXTS.cardDescription} icon={Inbox}>
      <div className="space-y-4">
        <Button onClick={() => setEditing({ mode: 'new' })}>
          <Plus aria-hidden="true" />
          {TEXTS.addGroup}
        </Button>
        <SettingLoader query={groups} skeletonRows={['h-14', 'h-14', 'h-14']} errorText={TEXTS.loadFailed}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">{TEXTS.empty}</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label={TEXTS.listLabel}>
                {list.map((group) => (
                  <li key={group.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
                    <GroupSummary group={group} />
                    <div className="flex flex-wrap items-center gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing({ mode: 'edit', group })}>
                        <Pencil aria-hidden="true" />
                        {TEXTS.edit}
                        <span className="sr-only"> {group.name}</span>
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(group)}>
                        <Trash2 aria-hidden="true" />
                        {TEXTS.delete}
                        <span className="sr-only"> {group.name}</span>
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </SettingLoader>
      </div>
      <GroupDialog
        open={editing.mode !== 'closed'}
        group={editing.mode === 'edit' ? editing.group : null}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
      />
      <DeleteGroupDialog group={deleting} groups={groups.data ?? []} onClose={() => setDeleting(null)} />
    </SectionCard>
  );
}

/** The group's name and marks, then its address, members and open tickets. */
function GroupSummary({ group }: { group: Group }) {
  return (
    <div className="min-w-0 flex-1 basis-56 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{group.name}</span>
        <Badge variant="secondary">{TEXTS.assignmentLabels[group.assignment]}</Badge>
        {group.private && (
          <Badge variant="outline">
            <Lock aria-hidden="true" className="size-3" />
            {TEXTS.privateMarker}
          </Badge>
        )}
      </div>
      <p className="text-xs break-words text-muted-foreground">
        <span className="break-all">{group.emailAddress ?? TEXTS.noAddress}</span>
        {` · ${TEXTS.memberCount(group.members.length)} · ${TEXTS.openCount(group.openTickets)}`}
      </p>
    </div>
  );
}
