/** Benchmark settings from the environment: each has a default, and a bad value fails with its name. */

function invalid(name: string, value: string, expected: string): Error {
  return new Error(`${name}=${value}: expected ${expected}`);
}

export function intOption(name: string, fallback: number, range: { min: number; max: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw invalid(name, raw, `an integer from ${range.min} to ${range.max}`);
  }
  return value;
}

export function numberOption(name: string, fallback: number, range: { min: number; max: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    throw invalid(name, raw, `a number from ${range.min} to ${range.max}`);
  }
  return value;
}

/** A comma-separated list of integers, e.g. BENCH_CONNECTIONS=1,32. */
export function intListOption(
  name: string,
  fallback: readonly number[],
  range: { min: number; max: number },
): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return [...fallback];
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isInteger(value) || value < range.min || value > range.max)) {
    throw invalid(name, raw, `comma-separated integers from ${range.min} to ${range.max}`);
  }
  return values;
}

export function flagOption(name: string): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw invalid(name, raw, '1, true, 0 or false');
}

/** A comma-separated subset of `allowed` from the environment; all of them when unset. */
export function listOption<T extends string>(name: string, allowed: readonly T[]): T[] {
  const raw = process.env[name];
  if (!raw) return [...allowed];
  const values = raw.split(',').map((value) => value.trim());
  const unknown = values.filter((value) => !(allowed as readonly string[]).includes(value));
  if (unknown.length > 0)
    throw new Error(`${name}: unknown ${unknown.join(', ')}; use ${allowed.join(', ')}`);
  return allowed.filter((value) => values.includes(value));
}
