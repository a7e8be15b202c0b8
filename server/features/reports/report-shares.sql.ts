import { sql, type SQL } from 'drizzle-orm';

/**
 * Percentages with one decimal that add up to exactly 100.0 (largest remainder): each row's share is
 * counted in tenths of a percent, rounded down, and the tenths still missing from 1000 go to the rows
 * that lost the most by rounding down (ties: the larger weight, then `ord`). Plain rounding would
 * show three equal thirds as 33.3 + 33.3 + 33.3 = 99.9.
 *
 * `rows` selects `key`, `weight` (numeric, not negative) and `ord` (a tie-break); the result adds
 * `percentage`. All weights 0: every percentage is 0. Only rows with a remainder get a tenth, so a
 * row whose weight is 0 always shows 0.
 */
export function withShares(rows: SQL): SQL {
  return sql`
    SELECT key, weight, ord,
      (floor(share) + CASE WHEN share > floor(share) AND place <= missing THEN 1 ELSE 0 END) / 10.0
        AS percentage
    FROM (
      SELECT key, weight, ord, share,
        row_number() OVER (ORDER BY share - floor(share) DESC, weight DESC, ord) AS place,
        1000 - sum(floor(share)) OVER () AS missing
      FROM (
        SELECT key, weight, ord,
          CASE WHEN sum(weight) OVER () > 0 THEN weight * 1000.0 / sum(weight) OVER () ELSE 0 END AS share
        FROM (${rows}) AS source
      ) AS shares
    ) AS ranked`;
}
