import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleSessionExpiry } from '@/components/session-expiry';

/** Toast titles of the page, word for word from spec §8 Loaner equipment. */
export const EQUIPMENT_TOASTS = {
  createFailed: 'Failed to record equipment checkout',
  updateFailed: 'Failed to update equipment',
  deleteFailed: 'Failed to delete equipment record',
  created: 'Equipment checkout recorded successfully',
  updated: 'Equipment updated successfully',
  deleted: 'Equipment record deleted successfully',
} as const;

export function notifySuccess(title: string): void {
  toast({ title });
}

/** A 401 leaves for sign-in; any other failure is a destructive toast quoting the server, if it said anything. */
export function notifyFailure(title: string, error: unknown): void {
  if (handleSessionExpiry(error)) return;
  const description = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title, description });
}
