import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind class override an earlier one (`p-2` then `p-4`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Two-letter initials for avatars; "N" when the person has no name (spec §6). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const letters = `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`;
  return letters ? letters.toUpperCase() : 'N';
}

/** "First Last", skipping a missing part; the fallback when both are missing. */
export function fullName(firstName?: string | null, lastName?: string | null, fallback = ''): string {
  const name = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return name || fallback;
}
