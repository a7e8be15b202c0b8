import { useState } from 'react';

/**
 * The latest non-null value. A closing dialog keeps showing what it showed while it animates out,
 * after its owner has already set the value back to null.
 */
export function useRetainedValue<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
