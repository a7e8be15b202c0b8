import { LoanerEquipmentPage } from '@/features/equipment/components/loaner-equipment-page';

export default function LoanerEquipmentRoute() {
  return <LoanerEquipmentPage />;
}
