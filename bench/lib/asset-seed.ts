/**
 * Issue 42's inventory made inside PostgreSQL (INSERT … SELECT FROM generate_series), on a database
 * bench/lib/ticket-seed.ts filled (its agents lend, its tickets are linked):
 *
 * - N assets across the product types, mostly laptops (ASSET_TYPES: 60 % laptops), tagged LT-000001,
 *   MN-000002, …, each with a model and a 12-character hexadecimal serial number; 1.5 % retired and
 *   1 % in repair, the rest available or on loan as their loans make them.
 * - L loans shared evenly over the assets (L / N each, at most MAX_LOANS_PER_ASSET). An asset's loans
 *   follow one another and never overlap: its history (every loan but its last) is spread over the
 *   five years up to a month ago, one loan in each of as many equal slots, each loan in the first
 *   95 % of its slot (1 to 21 days long, returned on time or a day or two early). Its last loan is
 *   what the asset is doing now (LAST_LOAN): 35 % out (checked out in the last two weeks, due back in
 *   the next three), 6 % overdue (due back in the last two weeks), 8 % reserved (from 3 to 42 days
 *   ahead), the rest returned in the last month; a retired or in-repair asset's last loan is returned.
 *   So a few percent of the loans are open (out, overdue or reserved), at most one per asset, as the
 *   exclusion constraint `loaner_equipment_asset_no_overlap` requires.
 * - 4 % of the returned loans and half of the open ones are linked to a seeded ticket.
 *
 * The loans' trigram index (the register's search) is dropped for the load and built again after it;
 * the stored asset status is then set as a loan's own write sets it (recomputeAssetStatus), and
 * VACUUM ANALYZE sets the visibility map and the planner statistics. Everything runs on one
 * connection (the seed's tables are temporary) in a minute or so for 500,000 loans.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@shared/schema';
import { recomputeAssetStatus } from '../../server/features/equipment/assets.repository';
import { timed } from './ticket-seed';

/** Each product type's share of the assets, its tag prefix and the models it comes in. */
export const ASSET_TYPES = [
  {
    type: 'laptop',
    share: 0.6,
    prefix: 'LT',
    models: [
      'Dell Latitude 5440',
      'Lenovo ThinkPad T14 Gen 4',
      'Apple MacBook Pro 14',
      'HP EliteBook 840 G10',
    ],
  },
  { type: 'monitor', share: 0.14, prefix: 'MN', models: ['Dell P2723DE', 'LG 27UP850', 'HP E24 G5'] },
  { type: 'tablet', share: 0.08, prefix: 'TB', models: ['Apple iPad 10th gen', 'Samsung Galaxy Tab S9'] },
  { type: 'phone', share: 0.08, prefix: 'PH', models: ['Apple iPhone 14', 'Google Pixel 8', 'Samsung A54'] },
  { type: 'keyboard', share: 0.03, prefix: 'KB', models: ['Logitech MX Keys', 'Microsoft Ergonomic'] },
  {
    type: 'mouse',
    share: 0.03,
    prefix: 'MS',
    models: ['Logitech MX Master 3S', 'Microsoft Bluetooth Mouse'],
  },
  {
    type: 'other',
    share: 0.04,
    prefix: 'OT',
    models: ['USB-C dock', 'Conference speakerphone', 'Projector'],
  },
] as const;

/** What each asset's last loan is doing today: the shares, in this order; the rest are returned. */
export const LAST_LOAN = { out: 0.35, overdue: 0.06, reserved: 0.08 } as const;

/** Five years of history: at this many loans an asset's slots are 20 days long. */
export const MAX_LOANS_PER_ASSET = 90;

const FIRST_NAMES =
  'Robin Alex Sam Jordan Casey Morgan Taylor Jamie Riley Avery Quinn Drew Kim Lee Noor'.split(' ');
const LAST_NAMES = 'Reyes Novak Okafor Tanaka Schmidt Moreau Patel Silva Jensen Rossi Nagy Khan Ito'.split(
  ' ',
);

export interface AssetSeedOptions {
  assets: number;
  loans: number;
  log?: (line: string) => void;
}

const ASSETS_SQL = `
INSERT INTO assets (asset_tag, product_type, model, serial_number, status, notes, created_at, updated_at)
SELECT ($3::text[])[s.k] || '-' || lpad(s.i::text, 6, '0'), ($2::text[])[s.k],
  ($5::jsonb -> ($2::text[])[s.k]) ->> floor(s.r_model * jsonb_array_length($5::jsonb -> ($2::text[])[s.k]))::int,
  upper(substr(md5('bench serial ' || s.i), 1, 12)),
  CASE WHEN s.r_status < 0.015 THEN 'retired' WHEN s.r_status < 0.025 THEN 'in_repair' ELSE 'available' END,
  CASE WHEN s.i % 9 = 0 THEN 'Charger and sleeve included' END,
  now() - interval '1830 days', now() - interval '1830 days'
FROM (
  SELECT r.*, (SELECT min(k) FROM generate_subscripts($4::float8[], 1) AS k WHERE ($4::float8[])[k] > r.r_type) AS k
  FROM (SELECT i, random() AS r_type, random() AS r_model, random() AS r_status
        FROM generate_series(1, $1::int) AS i OFFSET 0) r
) s`;

/**
 * One chunk of loans, g from $1 to $2 of $3 over $4 assets. Loan g is loan j (from 0) of asset n: the
 * assets take the loans in turn, so each has k = $3 / $4 of them, one more for the first $3 % $4.
 */
const LOANS_SQL = `
INSERT INTO loaner_equipment (product_type, person_name, phone, office_number, checkout_date,
  expected_return_date, actual_return_date, is_returned, notes, created_by, assigned_to, asset_id, ticket_id,
  created_at, updated_at)
SELECT a.product_type,
  ($6::text[])[1 + s.g % cardinality($6::text[])] || ' ' || ($7::text[])[1 + (s.g / 7) % cardinality($7::text[])],
  '555-' || lpad((s.g % 10000)::text, 4, '0'), 'Office ' || (100 + s.g % 400),
  d.checkout, d.expected, d.actual, d.actual IS NOT NULL,
  CASE WHEN s.g % 7 = 0 THEN 'Charger included' END,
  ($5::uuid[])[1 + s.g % cardinality($5::uuid[])],
  CASE WHEN s.r3 < 0.5 THEN ($5::uuid[])[1 + (s.g * 7) % cardinality($5::uuid[])] END,
  a.id, t.id,
  least(now(), d.checkout + time '09:00'), least(now(), coalesce(d.actual, d.checkout) + time '17:00')
FROM (
  SELECT g, 1 + (g - 1) % $4::int AS n, (g - 1) / $4::int AS j,
    $3::int / $4::int + CASE WHEN 1 + (g - 1) % $4::int <= $3::int % $4::int THEN 1 ELSE 0 END AS k,
    random() AS r1, random() AS r2, random() AS r3, random() AS r_ticket, random() AS r_which
  FROM generate_series($1::int, $2::int) AS g OFFSET 0
) s
JOIN seed_assets a ON a.n = s.n
CROSS JOIN LATERAL (
  SELECT CASE WHEN s.j < s.k - 1 OR a.shelved THEN 'returned' ELSE a.last_state END AS state,
         (current_date - 1826) + floor(s.j * h.slot + s.r1 * 0.35 * h.slot)::int AS slot_checkout,
         floor(s.r2 * least(21, 0.6 * h.slot))::int AS slot_days
  FROM (SELECT 1796.0 / greatest(s.k - 1, 1) AS slot) h
) p
CROSS JOIN LATERAL (
  SELECT c.checkout, c.expected,
    CASE WHEN p.state = 'returned' THEN greatest(c.checkout, c.expected - floor(s.r3 * 3)::int) END AS actual
  FROM (
    SELECT CASE
        WHEN s.j < s.k - 1 THEN p.slot_checkout
        WHEN p.state = 'out' THEN current_date - floor(s.r1 * 14)::int
        WHEN p.state = 'overdue' THEN current_date - 29 + floor(s.r1 * 10)::int
        WHEN p.state = 'reserved' THEN current_date + 3 + floor(s.r1 * 40)::int
        ELSE current_date - 28 + floor(s.r1 * 10)::int
      END AS checkout,
      CASE
        WHEN s.j < s.k - 1 THEN p.slot_checkout + p.slot_days
        WHEN p.state = 'out' THEN current_date + 1 + floor(s.r2 * 21)::int
        WHEN p.state = 'overdue' THEN current_date - 1 - floor(s.r2 * 14)::int
        WHEN p.state = 'reserved' THEN current_date + 5 + floor(s.r1 * 40)::int + floor(s.r2 * 12)::int
        ELSE current_date - 25 + floor(s.r1 * 10)::int + floor(s.r2 * 8)::int
      END AS expected
  ) c
) d
LEFT JOIN seed_tickets t
  ON t.n = CASE WHEN s.r_ticket < CASE WHEN p.state = 'returned' THEN 0.04 ELSE 0.5 END
                THEN 1 + floor(s.r_which * $8::int)::int END`;

/** Fills the inventory and its loans; the tickets and agents must be seeded already. */
export async function seedAssets(databaseUrl: string, options: AssetSeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  if (options.loans > options.assets * MAX_LOANS_PER_ASSET) {
    throw new Error(`At most ${MAX_LOANS_PER_ASSET} loans an asset: ${options.loans} loans need more assets`);
  }
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    // The same data set every run.
    await client.query('SELECT setseed(0.42)');
    let cumulative = 0;
    const upTo = ASSET_TYPES.map((type, i) =>
      i === ASSET_TYPES.length - 1 ? 2 : (cumulative += type.share),
    );
    await timed(log, `${options.assets} assets`, () =>
      client.query(ASSETS_SQL, [
        options.assets,
        ASSET_TYPES.map((type) => type.type),
        ASSET_TYPES.map((type) => type.prefix),
        upTo,
        JSON.stringify(Object.fromEntries(ASSET_TYPES.map((type) => [type.type, type.models]))),
      ]),
    );
    await client.query(
      `CREATE TEMP TABLE seed_assets AS
       SELECT row_number() OVER (ORDER BY asset_tag)::int AS n, id, product_type,
         status IN ('retired', 'in_repair') AS shelved,
         CASE WHEN r < $1 THEN 'out' WHEN r < $1 + $2 THEN 'overdue' WHEN r < $1 + $2 + $3 THEN 'reserved'
              ELSE 'returned' END AS last_state
       FROM (SELECT *, random() AS r FROM assets) a`,
      [LAST_LOAN.out, LAST_LOAN.overdue, LAST_LOAN.reserved],
    );
    await client.query(
      `CREATE TEMP TABLE seed_tickets AS
       SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, id FROM tickets WHERE deleted_at IS NULL`,
    );
    await client.query(
      'CREATE UNIQUE INDEX ON seed_assets (n); CREATE UNIQUE INDEX ON seed_tickets (n); ANALYZE seed_assets, seed_tickets',
    );
    const { rows: counts } = await client.query<{ tickets: number }>(
      'SELECT count(*)::int AS tickets FROM seed_tickets',
    );
    const { rows: agents } = await client.query<{ ids: string[] }>(
      "SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'agent%@bench.example.com'",
    );
    if (!agents[0]?.ids?.length) throw new Error('Seed the tickets and agents (ticket-seed.ts) first');

    // The register's trigram search index is the costly one to keep up row by row.
    const { rows: trigram } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE tablename = 'loaner_equipment' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    for (const index of trigram) await client.query(`DROP INDEX "${index.name}"`);
    const chunk = 100_000;
    await timed(log, `${options.loans} loans`, async () => {
      for (let first = 1; first <= options.loans; first += chunk) {
        await client.query(LOANS_SQL, [
          first,
          Math.min(options.loans, first + chunk - 1),
          options.loans,
          options.assets,
          agents[0]!.ids,
          FIRST_NAMES,
          LAST_NAMES,
          counts[0]!.tickets,
        ]);
      }
    });
    await timed(log, `${trigram.length} trigram index`, async () => {
      for (const index of trigram) await client.query(index.definition);
    });
    await timed(log, 'asset status', async () => {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM assets');
      await recomputeAssetStatus(
        drizzle(client, { schema }),
        rows.map((row) => row.id),
      );
    });
    await timed(log, 'VACUUM ANALYZE', () => client.query('VACUUM (ANALYZE) assets, loaner_equipment'));
  } finally {
    await client.end();
  }
}
