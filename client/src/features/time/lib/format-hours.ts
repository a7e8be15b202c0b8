/** 1.5 → "1.5h", 2 → "2h", 0.3333 → "0.33h": hours are stored with at most two decimals. */
export function formatHours(hours: number): string {
  return `${Number(hours.toFixed(2))}h`;
}
