import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
import type { EquipmentListFilters } from '../api/equipment-keys';
import { useLoanerEquipment } from '../api/get-loaner-equipment';
import { useAllUsers } from '@/lib/users';
import { EquipmentCard } from './equipment-card';
import { EquipmentEmpty, EquipmentLoadError, EquipmentLoading } from './equipment-list-states';

interface EquipmentListProps {
  filters: EquipmentListFilters;
  onEdit: (record: LoanerEquipmentRecord) => void;
}

/** The loans matching the search and filter, in the server's order (overdue first), or the state instead. */
export function EquipmentList({ filters, onEdit }: EquipmentListProps) {
  const equipment = useLoanerEquipment(filters);
  // Names of every account: a loan keeps naming someone who has since been deactivated.
  const users = useAllUsers();
  useSessionExpiryRedirect(equipment.error);
  useSessionExpiryRedirect(users.error);
  // Without the users list, names read as unknown rather than loading for ever.
  const knownUsers = users.isError ? [] : users.data;

  if (equipment.isPending) return <EquipmentLoading />;
  if (equipment.isError) {
    return <EquipmentLoadError message={equipment.error.message} onRetry={() => void equipment.refetch()} />;
  }
  if (equipment.data.length === 0) {
    return <EquipmentEmpty narrowed={filters.search !== '' || filters.filter !== 'all'} />;
  }
  return (
    <ul aria-label="Loaner equipment" className="space-y-3">
      {equipment.data.map((record) => (
        <EquipmentCard key={record.id} record={record} users={knownUsers} onEdit={onEdit} />
      ))}
    </ul>
  );
}
