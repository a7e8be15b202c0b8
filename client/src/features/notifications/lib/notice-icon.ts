import {
  AlarmClock,
  AtSign,
  Clock,
  Laptop,
  Mail,
  ThumbsDown,
  UserPlus,
  Webhook,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationKind } from '@shared/contracts/notifications';

/** Each kind's icon in the bell; the SLA notices (issue 24) a clock, and the breach in red. */
export const NOTICE_ICONS = {
  assigned: { icon: UserPlus, className: 'text-muted-foreground' },
  requester_reply: { icon: Mail, className: 'text-muted-foreground' },
  mention: { icon: AtSign, className: 'text-muted-foreground' },
  loan_overdue: { icon: Laptop, className: 'text-muted-foreground' },
  sla_warning: { icon: Clock, className: 'text-amber-700 dark:text-amber-300' },
  sla_breach: { icon: AlarmClock, className: 'text-red-700 dark:text-red-400' },
  // Issue 40: a rule's "notify" action.
  rule: { icon: Workflow, className: 'text-muted-foreground' },
  // Issue 41: a requester rated a close of your ticket Bad.
  rating_bad: { icon: ThumbsDown, className: 'text-red-700 dark:text-red-400' },
  // Issue 43: a webhook turned off after its deliveries kept failing.
  webhook_off: { icon: Webhook, className: 'text-red-700 dark:text-red-400' },
} as const satisfies Record<NotificationKind, { icon: LucideIcon; className: string }>;
