import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { BELL_TEXTS, type Notification } from '@shared/contracts/notifications';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useReadNotifications } from '../api/read-notifications';
import { NOTICE_ICONS } from '../lib/notice-icon';
import { noticeHref } from '../lib/notice-link';
import { relativeTime } from '@/lib/relative-time';

/**
 * The header's notifications button (spec §2: "a notifications button with an unread dot") as an
 * in-app inbox: the dot shows only while something is unread, the popover lists the newest notices
 * with their time and a link, "Mark All as Read" reads them all, and opening one reads it.
 */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const read = useReadNotifications();
  const unread = query.data?.unreadCount ?? 0;
  const headingId = 'notifications-heading';

  const openNotice = (notice: Notification) => {
    if (notice.readAt === null) read.mutate({ ids: [notice.id] });
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={BELL_TEXTS.button}>
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <>
              <span
                className="absolute top-2 right-2 size-2 rounded-full bg-destructive ring-2 ring-card"
                aria-hidden="true"
              />
              {/* Read with the button's name: "Notifications, 3 unread". */}
              <span className="sr-only">, {BELL_TEXTS.unread(unread)}</span>
            </>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={headingId} className="w-[min(24rem,calc(100vw-2rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 id={headingId} className="text-sm font-semibold">
            {BELL_TEXTS.title}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => read.mutate({ all: true })}
            disabled={unread === 0}
          >
            <CheckCheck aria-hidden="true" />
            {BELL_TEXTS.markAllRead}
          </Button>
        </div>
        <NoticeList query={query} onOpen={openNotice} />
      </PopoverContent>
    </Popover>
  );
}

function NoticeList({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useNotifications>;
  onOpen: (notice: Notification) => void;
}) {
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground" role="status">
        <Spinner />
        {BELL_TEXTS.loading}
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="space-y-2 px-4 py-6 text-sm" role="alert">
        <p>{BELL_TEXTS.failed}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {BELL_TEXTS.retry}
        </Button>
      </div>
    );
  }
  const notices = query.data?.notifications ?? [];
  if (notices.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-muted-foreground">{BELL_TEXTS.empty}</p>;
  }
  return (
    <ul className="max-h-[min(28rem,70vh)] divide-y overflow-y-auto" aria-label={BELL_TEXTS.title}>
      {notices.map((notice) => (
        <li key={notice.id}>
          <NoticeItem notice={notice} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function NoticeItem({ notice, onOpen }: { notice: Notification; onOpen: (notice: Notification) => void }) {
  const unread = notice.readAt === null;
  const href = noticeHref(notice);
  const { icon: KindIcon, className: iconClass } = NOTICE_ICONS[notice.kind];
  const body = (
    <>
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        aria-hidden="true"
      />
      {/* The kind at a glance; the text says it in words. */}
      <KindIcon
        data-kind={notice.kind}
        className={cn('mt-0.5 size-4 shrink-0', iconClass)}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className={cn('block text-sm break-words', unread && 'font-semibold')}>
          {unread && <span className="sr-only">{BELL_TEXTS.unreadItem}: </span>}
          {notice.text}
        </span>
        <time dateTime={notice.createdAt} className="block text-xs text-muted-foreground">
          {relativeTime(notice.createdAt)}
        </time>
      </span>
    </>
  );
  // An inset ring: the list scrolls, and a ring outside the item would be cut off.
  const itemClass =
    'flex w-full gap-3 px-4 py-3 text-left hover:bg-accent focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';
  return href ? (
    <Link href={href} className={itemClass} onClick={() => onOpen(notice)}>
      {body}
    </Link>
  ) : (
    <div className={itemClass}>{body}</div>
  );
}
