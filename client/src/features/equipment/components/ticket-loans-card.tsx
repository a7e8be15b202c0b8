import { CircleCheck, Laptop, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Asset } from '@shared/contracts/assets';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { todayLocalDate } from '@/lib/local-date';
import { loanPath } from '@/lib/paths';
import type { TicketExtraCardProps } from '@/lib/ticket-extra-cards';
import { useTicketLoans } from '@/lib/ticket-loans';
import { LOAN_LINK_TEXTS, LOAN_STATES, type LoanState } from '../lib/loan-link-texts';
import { loanState } from '../lib/loan-state';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { useMarkReturned } from '../lib/use-mark-returned';
import { assetLabel } from './asset-select';
import { EquipmentDialog } from './equipment-dialog';

const STATE_BADGES: Record<LoanState, BadgeProps['variant']> = {
  returned: 'green',
  reserved: 'secondary',
  overdue: 'red',
  checkedOut: 'blue',
};

/**
 * The ticket's Loans card (issue 42): what was lent for it, each loan's state, Mark Returned for a
 * loan that is out, and Lend Equipment, which opens the checkout with the ticket linked and its
 * requester as the borrower — an agent lends a free laptop without leaving the ticket.
 */
export function TicketLoansCard({ ticket }: TicketExtraCardProps) {
  const loans = useTicketLoans(ticket.id);
  const [lending, setLending] = useState(false);
  return (
    <SectionCard title={LOAN_LINK_TEXTS.cardTitle} icon={Laptop}>
      <div className="space-y-4">
        <TicketLoansBody loans={loans} />
        <Button variant="outline" className="w-full" onClick={() => setLending(true)}>
          <Plus aria-hidden="true" />
          {LOAN_LINK_TEXTS.lend}
        </Button>
      </div>
      <EquipmentDialog
        open={lending}
        record={null}
        context={{
          ticket: { id: ticket.id, ticketNumber: ticket.ticketNumber, subject: ticket.subject },
          personName: ticket.fromName || ticket.fromEmail,
        }}
        onOpenChange={setLending}
      />
    </SectionCard>
  );
}

function TicketLoansBody({ loans }: { loans: ReturnType<typeof useTicketLoans> }) {
  if (loans.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {LOAN_LINK_TEXTS.loading}
      </p>
    );
  if (loans.isError)
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p className="text-destructive">{LOAN_LINK_TEXTS.failed}</p>
        <Button variant="outline" size="sm" onClick={() => void loans.refetch()}>
          <RotateCw aria-hidden="true" />
          {LOAN_LINK_TEXTS.retry}
        </Button>
      </div>
    );
  if (loans.data.loans.length === 0)
    return <p className="text-sm text-muted-foreground">{LOAN_LINK_TEXTS.empty}</p>;
  const today = todayLocalDate();
  return (
    <ul className="divide-y">
      {loans.data.loans.map((loan) => (
        <TicketLoanRow
          key={loan.id}
          loan={loan}
          asset={loans.data.assets.find((asset) => asset.id === loan.assetId)}
          state={loanState(loan, today)}
        />
      ))}
    </ul>
  );
}

function TicketLoanRow({
  loan,
  asset,
  state,
}: {
  loan: LoanerEquipmentRecord;
  asset?: Asset;
  state: LoanState;
}) {
  const { markReturned, isPending } = useMarkReturned();
  const item = asset ? assetLabel(asset) : PRODUCT_TYPE_LABELS[loan.productType];
  return (
    <li className="space-y-1.5 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-2">
        <Link href={loanPath(loan.id)} className="min-w-0 font-medium break-words hover:underline">
          {item}
        </Link>
        <Badge variant={STATE_BADGES[state]}>{LOAN_STATES[state]}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {loan.personName} ·{' '}
        <span className="whitespace-nowrap">
          {loan.checkoutDate} – {loan.actualReturnDate ?? loan.expectedReturnDate}
        </span>
      </p>
      {state !== 'returned' && state !== 'reserved' && (
        <Button variant="outline" size="sm" disabled={isPending} onClick={() => void markReturned(loan)}>
          <CircleCheck aria-hidden="true" />
          {LOAN_LINK_TEXTS.markReturned}
        </Button>
      )}
    </li>
  );
}
