/**
 * The inventory's queries (issue 42). An asset's status as read is derived from its loans as of the
 * database's today: `on_loan` whenever an open loan has begun, so a reservation whose day arrives
 * reads as on loan without any job flipping it. The stored status is kept in step on every loan write
 * (recomputeAssetStatus) for the rows that change, and holds in_repair and retired, which only an
 * edit sets.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ASSET_LIMITS, type AssetListQuery } from '@shared/contracts/assets';
import { assets, loanerEquipment, tickets } from '@shared/schema';
import { visibleGroupCondition } from '../../core/groups/group-visibility';
import type { DbOrTx } from '../../db/client';
import { escapeLikePattern } from '../../lib/like-pattern';

/** An asset as read, with its derived status and the loan that has it today. */
export type AssetReadRow = {
  id: string;
  asset_tag: string;
  product_type: string;
  model: string | null;
  serial_number: string | null;
  notes: string | null;
  /** The stored status: available, on_loan (as of the last loan write), in_repair or retired. */
  stored_status: string;
  status: string;
  loan_id: string | null;
  loan_person_name: string | null;
  loan_expected_return_date: string | null;
};

const l = loanerEquipment;

/** The open loan of `a` that has begun (the latest, should two ever be out). */
const currentLoanJoin = sql`LEFT JOIN LATERAL (
    SELECT cl.id, cl.person_name, cl.expected_return_date FROM ${l} cl
     WHERE cl.asset_id = a.id AND NOT cl.is_returned AND cl.checkout_date <= CURRENT_DATE
     ORDER BY cl.checkout_date DESC, cl.id LIMIT 1) cur ON true`;

const derivedStatus = sql`(CASE WHEN a.status IN ('retired', 'in_repair') THEN a.status
    WHEN cur.id IS NOT NULL THEN 'on_loan' ELSE 'available' END)`;

/** The read of the assets `source` yields (a table or a subquery named `a`), each with its current loan. */
const assetSelectFrom = (source: SQL) => sql`SELECT a.id, a.asset_tag, a.product_type, a.model,
    a.serial_number, a.notes, a.status AS stored_status, ${derivedStatus} AS status, cur.id AS loan_id,
    cur.person_name AS loan_person_name, cur.expected_return_date::text AS loan_expected_return_date
  FROM ${source} a ${currentLoanJoin}`;

const assetSelect = assetSelectFrom(sql`${assets}`);

/** The expression of `assets_search_trgm_idx`, so the search can be answered from the index. */
const searchDocument = sql`(a.asset_tag || ' ' || coalesce(a.serial_number, '') || ' ' || coalesce(a.model, ''))`;

const where = (conditions: SQL[]) =>
  conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

export async function listAssets(
  db: DbOrTx,
  query: AssetListQuery,
): Promise<{ rows: AssetReadRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(sql`${searchDocument} ILIKE ${`%${escapeLikePattern(query.search)}%`}`);
  if (query.productType) conditions.push(sql`a.product_type = ${query.productType}`);
  if (query.status) conditions.push(sql`${derivedStatus} = ${query.status}`);
  const offset = (query.page - 1) * ASSET_LIMITS.pageSize;
  const [page, count] = await Promise.all([
    db.execute<AssetReadRow>(sql`${assetSelect} ${where(conditions)}
      ORDER BY lower(a.asset_tag), a.id LIMIT ${ASSET_LIMITS.pageSize} OFFSET ${offset}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${assets} a ${currentLoanJoin}
      ${where(conditions)}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/**
 * One asset; `lock` takes its row lock first. A loan write takes KEY SHARE: loans of one asset do not
 * wait for each other (the exclusion constraint decides between them, and their status updates take
 * a lock KEY SHARE lets through), while an edit of the asset (UPDATE, which conflicts with it) waits
 * for them, and they for it, so retiring an asset always sees its loans.
 */
export async function findAsset(
  db: DbOrTx,
  id: string,
  lock?: 'key share' | 'update',
): Promise<AssetReadRow | undefined> {
  if (lock) {
    // Row locks cannot be taken through the lateral's outer join: lock the row first, then read.
    await db.execute(
      lock === 'key share'
        ? sql`SELECT 1 FROM ${assets} WHERE id = ${id} FOR KEY SHARE`
        : sql`SELECT 1 FROM ${assets} WHERE id = ${id} FOR UPDATE`,
    );
  }
  const { rows } = await db.execute<AssetReadRow>(sql`${assetSelect} WHERE a.id = ${id}`);
  return rows[0];
}

/** The assets with these ids, by tag (a ticket's Loans card names the assets its loans lent). */
export async function listAssetsByIds(db: DbOrTx, ids: readonly string[]): Promise<AssetReadRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<AssetReadRow>(
    sql`${assetSelect} WHERE a.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY lower(a.asset_tag), a.id`,
  );
  return rows;
}

export interface AssetValues {
  assetTag: string;
  productType: string;
  model: string | null;
  serialNumber: string | null;
  status: string;
  notes: string | null;
}

export async function insertAsset(db: DbOrTx, values: AssetValues): Promise<string> {
  const [row] = await db.insert(assets).values(values).returning({ id: assets.id });
  if (!row) throw new Error('insert into assets returned no row');
  return row.id;
}

export async function updateAsset(db: DbOrTx, id: string, values: Partial<AssetValues>): Promise<void> {
  await db
    .update(assets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(sql`${assets.id} = ${id}`);
}

/** An open loan (lent or reserved) of the asset other than `exceptLoanId`, overlapping a range. */
export type ConflictingLoan = {
  id: string;
  asset_tag: string;
  person_name: string;
  checkout_date: string;
  expected_return_date: string;
  reserved: boolean;
};

/**
 * The open loan of `assetId` that a loan from `from` to `to` would collide with. Beside the
 * exclusion constraint's rule (the ranges overlap, ends included) an overdue loan still has the
 * asset: it collides with any loan up to which it was checked out.
 */
export async function findConflictingLoan(
  db: DbOrTx,
  assetId: string,
  range: { from: string; to: string },
  exceptLoanId: string | null,
): Promise<ConflictingLoan | undefined> {
  const { rows } = await db.execute<ConflictingLoan>(sql`
    SELECT l.id, a.asset_tag, l.person_name, l.checkout_date::text AS checkout_date,
           l.expected_return_date::text AS expected_return_date, l.checkout_date > CURRENT_DATE AS reserved
      FROM ${l} l JOIN ${assets} a ON a.id = l.asset_id
     WHERE l.asset_id = ${assetId} AND NOT l.is_returned
       AND (${exceptLoanId}::uuid IS NULL OR l.id <> ${exceptLoanId}::uuid)
       AND (daterange(l.checkout_date, l.expected_return_date, '[]')
              && daterange(${range.from}::date, ${range.to}::date, '[]')
            OR (l.expected_return_date < CURRENT_DATE AND l.checkout_date <= ${range.to}::date))
     ORDER BY l.checkout_date, l.id
     LIMIT 1`);
  return rows[0];
}

/** The first open loan or reservation of the asset, if it has one. */
export async function findOpenLoan(db: DbOrTx, assetId: string): Promise<ConflictingLoan | undefined> {
  const { rows } = await db.execute<ConflictingLoan>(sql`
    SELECT l.id, a.asset_tag, l.person_name, l.checkout_date::text AS checkout_date,
           l.expected_return_date::text AS expected_return_date, l.checkout_date > CURRENT_DATE AS reserved
      FROM ${l} l JOIN ${assets} a ON a.id = l.asset_id
     WHERE l.asset_id = ${assetId} AND NOT l.is_returned
     ORDER BY l.checkout_date, l.id
     LIMIT 1`);
  return rows[0];
}

/**
 * Brings the stored status of the assets in step with their loans: on_loan when an open loan has
 * begun, else available. In repair and retired are an edit's and stay (no open loan can hold them).
 */
export async function recomputeAssetStatus(db: DbOrTx, assetIds: readonly (string | null)[]): Promise<void> {
  const ids = [...new Set(assetIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  await db.execute(sql`
    UPDATE ${assets} a
       SET status = CASE WHEN EXISTS (
             SELECT 1 FROM ${l} cl
              WHERE cl.asset_id = a.id AND NOT cl.is_returned AND cl.checkout_date <= CURRENT_DATE)
           THEN 'on_loan' ELSE 'available' END
     WHERE a.id = ANY(${sql.param(ids)}::uuid[]) AND a.status NOT IN ('retired', 'in_repair')`);
}

/**
 * One page of the assets free on every day of the range, in tag order: not retired or in repair, and
 * no open loan or reservation overlapping it (an overdue loan still has its asset, from its checkout
 * on). The page is taken first and only its assets read their current loan; with
 * `assets_product_type_tag_idx` and `loaner_equipment_open_asset_checkout_idx` the statement walks one
 * type's assets in tag order, probing each one's open loans, and stops at the page (bench/assets.ts).
 * One more than the page is read, to tell whether more are free.
 */
export async function listAvailableAssets(
  db: DbOrTx,
  query: { productType?: string; from: string; to: string; search?: string; limit: number },
): Promise<{ rows: AssetReadRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [
    sql`a.status NOT IN ('retired', 'in_repair')`,
    sql`NOT EXISTS (
      SELECT 1 FROM ${l} b
       WHERE b.asset_id = a.id AND NOT b.is_returned AND b.checkout_date <= ${query.to}::date
         AND (b.expected_return_date >= ${query.from}::date OR b.expected_return_date < CURRENT_DATE))`,
  ];
  if (query.productType) conditions.push(sql`a.product_type = ${query.productType}`);
  if (query.search) conditions.push(sql`${searchDocument} ILIKE ${`%${escapeLikePattern(query.search)}%`}`);
  const page = sql`(SELECT * FROM ${assets} a ${where(conditions)}
     ORDER BY a.product_type, lower(a.asset_tag), a.id LIMIT ${query.limit + 1})`;
  const { rows } = await db.execute<AssetReadRow>(
    sql`${assetSelectFrom(page)} ORDER BY a.product_type, lower(a.asset_tag), a.id`,
  );
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

export type AssetTicketRow = {
  id: string;
  ticket_number: string;
  subject: string;
  status: string;
};

/**
 * The tickets the asset was lent for, the latest loan's first; tickets in the Trash, and of a group
 * hidden from the caller (issue 39), are left out.
 */
export async function listTicketsOfAsset(
  db: DbOrTx,
  assetId: string,
  hiddenGroupIds: readonly string[],
): Promise<AssetTicketRow[]> {
  const visible = visibleGroupCondition(sql`t.group_id`, hiddenGroupIds) ?? sql`true`;
  const { rows } = await db.execute<AssetTicketRow>(sql`
    SELECT t.id, t.ticket_number, t.subject, t.status
      FROM ${tickets} t
      JOIN (SELECT ticket_id, max(checkout_date) AS last_checkout, max(created_at) AS last_created
              FROM ${l} WHERE asset_id = ${assetId} AND ticket_id IS NOT NULL GROUP BY ticket_id) x
        ON x.ticket_id = t.id
     WHERE t.deleted_at IS NULL AND ${visible}
     ORDER BY x.last_checkout DESC, x.last_created DESC, t.id`);
  return rows;
}

/** Whether a ticket with this id exists and is not in the Trash (a loan may be linked to it). */
export async function ticketExists(db: DbOrTx, id: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM ${tickets} WHERE id = ${id} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** The stored assets with these tags (lower-cased), for an import. */
export type ExistingAsset = {
  id: string;
  tag_key: string;
  asset_tag: string;
  product_type: string;
  model: string | null;
  serial_number: string | null;
  status: string;
  notes: string | null;
  has_open_loan: boolean;
  has_current_loan: boolean;
};

export async function findAssetsByTags(db: DbOrTx, tagKeys: readonly string[]): Promise<ExistingAsset[]> {
  if (tagKeys.length === 0) return [];
  const { rows } = await db.execute<ExistingAsset>(sql`
    SELECT a.id, lower(a.asset_tag) AS tag_key, a.asset_tag, a.product_type, a.model, a.serial_number,
           a.status, a.notes,
           EXISTS (SELECT 1 FROM ${l} o WHERE o.asset_id = a.id AND NOT o.is_returned) AS has_open_loan,
           EXISTS (SELECT 1 FROM ${l} o WHERE o.asset_id = a.id AND NOT o.is_returned
                     AND o.checkout_date <= CURRENT_DATE) AS has_current_loan
      FROM ${assets} a
     WHERE lower(a.asset_tag) = ANY(${sql.param(tagKeys)}::text[])`);
  return rows;
}

/** Rows per INSERT: 6 parameters each, far below PostgreSQL's 65,535 per statement. */
const UPSERT_CHUNK = 2_000;

/**
 * Creates or updates the assets by tag, case-insensitively, in a few bulk statements; answers how
 * many rows were created and how many updated.
 */
export async function upsertAssets(
  db: DbOrTx,
  rows: readonly AssetValues[],
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += UPSERT_CHUNK) {
    const chunk = rows.slice(start, start + UPSERT_CHUNK);
    const values = chunk.map(
      (row) =>
        sql`(${row.assetTag}, ${row.productType}, ${row.model}, ${row.serialNumber}, ${row.status}, ${row.notes})`,
    );
    const { rows: written } = await db.execute<{ inserted: boolean }>(sql`
      INSERT INTO ${assets} (asset_tag, product_type, model, serial_number, status, notes)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT ((lower(asset_tag))) DO UPDATE
        SET asset_tag = excluded.asset_tag, product_type = excluded.product_type, model = excluded.model,
            serial_number = excluded.serial_number, status = excluded.status, notes = excluded.notes,
            updated_at = now()
      RETURNING (xmax = 0) AS inserted`);
    for (const row of written) {
      if (row.inserted) created += 1;
      else updated += 1;
    }
  }
  return { created, updated };
}
