/**
 * A large, realistic help-desk data set made inside PostgreSQL (INSERT … SELECT FROM generate_series):
 * ~100 agents and N tickets over two years. Distributions: status 35 % open, 15 % in progress, 35 %
 * closed, 15 % closed with Harvest; priority 25 % low, 55 % medium, 20 % high; about 70 % assigned
 * (half of the open ones, 80 % of the rest) within a day of creation; closed tickets closed within
 * two weeks of creation (never in the future). Eight groups (issue 39, GROUPS, one of them private)
 * share the tickets in turn, one in nine in none; each agent is a member of one.
 * Subjects and bodies are drawn from a help-desk vocabulary, so a trigram search meets realistic
 * selectivity: each of the ~220 vocabulary words is in roughly one ticket in seven (COMMON_WORD, also
 * the first word of one subject in twenty, in about one in five), the rare words below in a handful.
 *
 * The table's secondary indexes are dropped for the load and rebuilt from their own definitions after
 * it (much faster than maintaining them row by row), then VACUUM ANALYZE sets the visibility map and
 * the planner statistics, as autovacuum would have on a long-lived database.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { LOANER_PRODUCT_TYPES } from '@shared/constants';
import { DEFAULT_SLA_POLICIES } from '@shared/contracts/sla';

/** Words planted in few tickets (each with its share), for searches with few matches. */
export const RARE_WORDS = { zeppelin: 1 / 20_000, quokka: 1 / 100_000, kerberos: 1 / 2_000 } as const;
/** A vocabulary word that also starts a subject: in about one ticket in five (185,000 of 1,000,000). */
export const COMMON_WORD = 'printer';

/** The words subjects and bodies are drawn from (each in roughly one ticket in seven). */
export const VOCABULARY = (
  'printer laptop password email outlook network wifi wireless monitor screen keyboard mouse account ' +
  'login reset error install update upgrade software license access folder share drive backup phone ' +
  'teams meeting calendar invite camera headset microphone speaker docking station charger battery ' +
  'server database website browser chrome firefox edge cache cookie certificate expired renewal ' +
  'permission denied locked unlock mailbox quota storage full slow freeze crash restart reboot boot ' +
  'blue black window desktop profile sync onedrive sharepoint excel word powerpoint macro template ' +
  'invoice payroll portal report dashboard export import spreadsheet attachment signature scanner ' +
  'copier toner paper jam tray driver firmware bios encryption bitlocker antivirus malware phishing ' +
  'spam junk quarantine firewall router switch cable port ethernet dhcp address proxy remote desktop ' +
  'citrix terminal session timeout token authenticator mobile tablet iphone android app store ' +
  'request new starter leaver onboarding offboarding hardware replacement broken cracked flicker ' +
  'noise fan overheating power adapter usb bluetooth pairing projector conference room booking ' +
  'urgent today tomorrow morning afternoon floor building office site warehouse reception finance ' +
  'sales marketing legal operations engineering support manager director team colleague customer ' +
  'vendor supplier contract quote purchase order delivery shipment tracking please help issue ' +
  'problem working again still since yesterday after before during every sometimes always never ' +
  'cannot unable failed failing missing wrong incorrect duplicate deleted recovered restore version ' +
  'latest previous patch security audit compliance policy training guide documentation question'
).split(' ');

const SUBJECTS = [
  'Printer not working',
  'Cannot log in',
  'VPN keeps disconnecting',
  'Outlook asks for my password',
  'New laptop request',
  'Second monitor request',
  'Shared drive access',
  'Wi-Fi is slow',
  'Phone extension not ringing',
  'Invoice portal login broken',
  'Teams camera not detected',
  'Password reset',
  'Keyboard missing keys',
  'Software license renewal',
  'Mailbox full',
  'Laptop overheating',
  'Scanner sends blank pages',
  'Access to finance reports',
  'Onboarding: new starter',
  'Offboarding: leaver',
];
const FIRST_NAMES = (
  'Ada Alex Amir Ana Ben Carla Chen Chris Dana Dev Elena Eva Farah Felix Gita Hana Ian Ines Jon Julia ' +
  'Kai Kofi Lars Lena Maria Mei Nina Noor Omar Pia Quinn Raj Rosa Sam Sara Tom Uma Vik Yara Zoe'
).split(' ');
const LAST_NAMES = (
  'Baker Brooks Chen Cruz Diaz Evans Fischer Garcia Gupta Hall Ito Jensen Khan Kim Lee Lopez Mensah ' +
  'Moreau Nagy Novak Okafor Olsen Patel Perez Quinn Rossi Sato Schmidt Scott Shah Silva Smith Tanaka ' +
  'Torres Ueda Vargas Wagner White Young Zhang'
).split(' ');
const DOMAINS = ['contoso.com', 'fabrikam.com', 'northwind.example', 'adatum.com', 'litware.example'];

/** Never used to sign in: the agents exist to be assignees. */
const UNUSABLE_HASH = '$2b$12$benchbenchbenchbenchbeOqzJ0y9fS3nqH6p7m7oV0b4y0d4bH5zK';

export interface SeedOptions {
  tickets: number;
  agents: number;
  /** Rows per INSERT statement. */
  chunk?: number;
  log?: (line: string) => void;
}

/**
 * Issue 38's data: a dropdown field `category` with these 12 values, one per ticket, and a third of
 * the tickets carrying 1 to 3 of TAGS (200 of them, `vip` among them: about 3,300 tickets).
 */
export const CATEGORIES = [
  'network',
  'hardware',
  'access',
  'email',
  'printing',
  'software',
  'phone',
  'security',
  'accounts',
  'facilities',
  'vpn',
  'other',
] as const;
export const TAGS = [
  'vip',
  ...Array.from({ length: 199 }, (_, i) => `tag-${String(i + 1).padStart(3, '0')}`),
];
const TAGGED_SHARE = 1 / 3;

/**
 * Issue 39: the teams the tickets are spread over, in turn (one ticket in nine in none): the last is
 * private. Each agent is a member of one group, in turn; the first assigns in turn, the second to its
 * least loaded member.
 */
export const GROUPS = [
  { name: 'Service Desk', assignment: 'round_robin', private: false },
  { name: 'Network', assignment: 'least_open', private: false },
  { name: 'Workplace', assignment: 'manual', private: false },
  { name: 'Applications', assignment: 'manual', private: false },
  { name: 'Security', assignment: 'manual', private: false },
  { name: 'Facilities', assignment: 'manual', private: false },
  { name: 'Field Services', assignment: 'manual', private: false },
  { name: 'HR-IT', assignment: 'manual', private: true },
] as const;

async function seedGroups(client: pg.Client, agentIds: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO groups (name, assignment, private)
     SELECT name, assignment, private
     FROM unnest($1::text[], $2::text[], $3::boolean[]) WITH ORDINALITY AS g(name, assignment, private, n)
     ORDER BY n RETURNING id`,
    [
      GROUPS.map((group) => group.name),
      GROUPS.map((group) => group.assignment),
      GROUPS.map((group) => group.private),
    ],
  );
  const ids = rows.map((row) => row.id);
  await client.query(
    `INSERT INTO group_members (group_id, user_id)
     SELECT ($1::uuid[])[1 + (n - 1) % cardinality($1::uuid[])], agent
     FROM unnest($2::uuid[]) WITH ORDINALITY AS a(agent, n)`,
    [ids, agentIds],
  );
  return ids;
}

/** The share of tickets whose requester wrote again after creating them. */
const REPLIED_SHARE = 0.2;
/** The share of all tickets each agent has opened (ticket_views rows: tickets × agents × this). */
const VIEWED_SHARE = 0.002;

const TICKETS_SQL = `
INSERT INTO tickets (
  ticket_number, subject, body, from_email, from_name, status, priority, assigned_to, assigned_at,
  last_updated_by, created_at, updated_at, closed_at, time_spent, harvest_time_entry_id, notes,
  original_email_date, sla_first_response_due_at, sla_first_responded_at, sla_resolution_due_at,
  sla_next_due_at, sla_first_response_met, sla_resolution_met, custom_fields, tags, group_id)
SELECT
  'T-' || (1700000000000 + s.g),
  s.subject, s.body, s.from_email, s.from_name, s.status, s.priority, s.assignee, s.assigned_at,
  s.assignee, s.created_at,
  greatest(s.created_at, s.assigned_at, s.closed_at),
  s.closed_at,
  CASE WHEN s.closed_at IS NOT NULL THEN round((s.r_spent * 16)::numeric) / 4 END,
  CASE WHEN s.status = 'closed_with_harvest' THEN 5000000 + s.g END,
  CASE WHEN s.closed_at IS NOT NULL AND s.r_spent < 0.3 THEN json_build_array(json_build_object(
    'text', 'Checked with the user; ' || s.subject || ' resolved after a restart.',
    'userId', s.assignee, 'userName', 'Bench Agent', 'userInitials', 'BA',
    'timestamp', to_char(s.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text END,
  s.created_at,
  s.fr_due, s.fr_at, s.res_due,
  CASE WHEN s.closed_at IS NULL THEN
    CASE WHEN s.fr_at IS NULL THEN least(s.fr_due, s.res_due) ELSE s.res_due END END,
  CASE WHEN s.fr_at IS NOT NULL THEN s.fr_at <= s.fr_due
    WHEN s.closed_at IS NOT NULL THEN s.closed_at <= s.fr_due END,
  CASE WHEN s.closed_at IS NOT NULL THEN s.closed_at <= s.res_due END,
  jsonb_build_object('category', ($12::text[])[1 + floor(s.r_category * cardinality($12::text[]))::int]),
  CASE WHEN s.r_tags < $14 THEN ARRAY(
    SELECT DISTINCT ($13::text[])[1 + floor(random() * cardinality($13::text[]))::int]
    FROM generate_series(1, 1 + s.g % 3) ) ELSE '{}'::text[] END,
  CASE WHEN s.g % ${1 + GROUPS.length} <> 0 THEN ($16::uuid[])[1 + s.g % cardinality($16::uuid[])] END
FROM (
  -- SLA due times (issue 24) in wall time, about what the default targets give in business hours
  -- (x4.2: 8 working hours a day, 5 days a week); answered: every ticket in progress or closed.
  SELECT u.*,
    CASE WHEN u.status <> 'open' THEN u.created_at + u.r_delay * 2 * (u.fr_due - u.created_at) END AS fr_at
  FROM (
  SELECT v.*,
    v.created_at + interval '1 minute' * 4.2 * CASE v.priority WHEN 'high' THEN 60 WHEN 'medium' THEN 240 ELSE 480 END
      AS fr_due,
    v.created_at + interval '1 minute' * 4.2 * CASE v.priority WHEN 'high' THEN 480 WHEN 'medium' THEN 1440 ELSE 2400 END
      AS res_due
  FROM (
  SELECT t.*,
    CASE WHEN t.assignee IS NOT NULL
      THEN t.created_at + t.r_delay * least(interval '24 hours', now() - t.created_at) END AS assigned_at,
    CASE WHEN t.status IN ('closed', 'closed_with_harvest')
      THEN t.created_at + t.r_close * least(interval '14 days', now() - t.created_at) END AS closed_at
  FROM (
    SELECT r.*,
      CASE WHEN r.r_status < 0.35 THEN 'open' WHEN r.r_status < 0.50 THEN 'in_progress'
        WHEN r.r_status < 0.85 THEN 'closed' ELSE 'closed_with_harvest' END AS status,
      CASE WHEN r.r_priority < 0.25 THEN 'low' WHEN r.r_priority < 0.80 THEN 'medium' ELSE 'high' END
        AS priority,
      CASE WHEN r.r_assign < CASE WHEN r.r_status < 0.35 THEN 0.5 ELSE 0.8 END
        THEN ($3::uuid[])[1 + floor(r.r_agent * cardinality($3::uuid[]))::int] END AS assignee,
      ($5::text[])[1 + floor(r.r_subject * cardinality($5::text[]))::int] || ': '
        || ($4::text[])[1 + floor(r.r_word1 * cardinality($4::text[]))::int] || ' '
        || ($4::text[])[1 + floor(r.r_word2 * cardinality($4::text[]))::int] AS subject,
      'Hi team, ' || (
        SELECT string_agg(($4::text[])[1 + floor(random() * cardinality($4::text[]))::int], ' ')
        FROM generate_series(1, 15 + (r.g % 36))
      )
        || CASE WHEN r.r_rare < $8 THEN ' zeppelin' ELSE '' END
        || CASE WHEN r.r_rare >= $8 AND r.r_rare < $8 + $9 THEN ' quokka' ELSE '' END
        || CASE WHEN r.r_rare >= 0.5 AND r.r_rare < 0.5 + $10 THEN ' kerberos' ELSE '' END
        || '. Thanks, ' || ($6::text[])[1 + r.requester % cardinality($6::text[])] AS body,
      ($6::text[])[1 + r.requester % cardinality($6::text[])] || ' '
        || ($7::text[])[1 + (r.requester / cardinality($6::text[])) % cardinality($7::text[])] AS from_name,
      lower(($6::text[])[1 + r.requester % cardinality($6::text[])] || '.'
        || ($7::text[])[1 + (r.requester / cardinality($6::text[])) % cardinality($7::text[])]) || '@'
        || ($11::text[])[1 + r.requester % cardinality($11::text[])] AS from_email
    FROM (
      SELECT g, random() AS r_status, random() AS r_priority, random() AS r_assign, random() AS r_agent,
        random() AS r_subject, random() AS r_word1, random() AS r_word2, random() AS r_rare,
        random() AS r_delay, random() AS r_close, random() AS r_spent, random() AS r_category,
        random() AS r_tags,
        floor(random() * 5000)::int AS requester,
        -- In creation order, as a help desk writes them (two years, the newest last): a range of
        -- dates is then a run of pages, as it is on a real table, not a page per ticket.
        now() - interval '730 days' * ($15::float8 - g + random()) / $15::float8 AS created_at
      FROM generate_series($1::int, $2::int) AS g
      OFFSET 0
    ) r
  ) t
  ) v
  ) u
) s`;

/** Runs `work` and logs how long it took. */
export async function timed<T>(
  log: (line: string) => void,
  label: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Drops the indexes of `table` that back no constraint and returns their definitions, so a bulk load
 * can rebuild them once over the finished table (much faster than maintaining them row by row).
 */
async function dropSecondaryIndexes(
  client: pg.Client,
  table: string,
): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = $1
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass)`,
    [table],
  );
  for (const index of rows) await client.query(`DROP INDEX "${index.name}"`);
  return rows;
}

/** Runs `tasks` on `clients` connections at once, each connection taking the next task when free. */
async function inParallel(clients: pg.Client[], tasks: ((client: pg.Client) => Promise<unknown>)[]) {
  const queue = [...tasks];
  await Promise.all(
    clients.map(async (client) => {
      for (let task = queue.shift(); task; task = queue.shift()) await task(client);
    }),
  );
}

/** Fills an empty, migrated database. Uses two connections (this machine has two cores). */
export async function seedTickets(databaseUrl: string, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const chunk = options.chunk ?? 50_000;
  const clients = [new pg.Client(databaseUrl), new pg.Client(databaseUrl)];
  await Promise.all(clients.map((client) => client.connect()));
  try {
    for (const client of clients) {
      await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
      // Seeded tickets are no ticket change: the recorded-change check (migration 0027) lets a
      // fixture through when it says so, as the development seed does.
      await client.query("SET helpdesk.unrecorded_ticket_write = 'bench seed'");
    }
    const [main] = clients as [pg.Client, pg.Client];
    const agentIds = await timed(log, `${options.agents} agents`, async () => {
      const { rows } = await main.query<{ id: string }>(
        `INSERT INTO users (email, password, first_name, last_name, role)
         SELECT 'agent' || n || '@bench.example.com', $2, ($3::text[])[1 + n % cardinality($3::text[])],
           ($4::text[])[1 + (n / cardinality($3::text[])) % cardinality($4::text[])], 'agent'
         FROM generate_series(1, $1::int) AS n
         RETURNING id`,
        [options.agents, UNUSABLE_HASH, FIRST_NAMES, LAST_NAMES],
      );
      return rows.map((row) => row.id);
    });

    const groupIds = await timed(log, `${GROUPS.length} groups`, () => seedGroups(main, agentIds));

    const indexes = await dropSecondaryIndexes(main, 'tickets');
    // Issue 38's tag counts are made once after the load: kept row by row, two loading connections
    // would queue on the same 200 counters.
    await main.query('ALTER TABLE tickets DISABLE TRIGGER tickets_tag_counts_on_insert');

    const chunks: [number, number][] = [];
    for (let first = 1; first <= options.tickets; first += chunk) {
      chunks.push([first, Math.min(options.tickets, first + chunk - 1)]);
    }
    await timed(log, `${options.tickets} tickets`, () =>
      inParallel(
        clients,
        chunks.map(([first, last]) => async (client) => {
          await client.query(TICKETS_SQL, [
            first,
            last,
            agentIds,
            VOCABULARY,
            SUBJECTS,
            FIRST_NAMES,
            LAST_NAMES,
            RARE_WORDS.zeppelin,
            RARE_WORDS.quokka,
            RARE_WORDS.kerberos,
            DOMAINS,
            CATEGORIES,
            TAGS,
            TAGGED_SHARE,
            options.tickets,
            groupIds,
          ]);
        }),
      ),
    );
    await main.query('ALTER TABLE tickets ENABLE TRIGGER tickets_tag_counts_on_insert');
    await timed(log, 'tag counts and the category field', async () => {
      await main.query(
        `INSERT INTO tag_counts (tag, total)
         SELECT tag, count(*) FROM tickets, unnest(tags) AS tag WHERE deleted_at IS NULL GROUP BY tag
         ON CONFLICT (tag) DO UPDATE SET total = EXCLUDED.total`,
      );
      const options = CATEGORIES.map((value) => ({
        value,
        label: value[0]!.toUpperCase() + value.slice(1),
        active: true,
      }));
      // Four more fields no seeded ticket has a value for: what a save of five values writes.
      await main.query(
        `INSERT INTO ticket_fields (key, label, type, options, position)
         VALUES ('category', 'Category', 'dropdown', $1, 0), ('device', 'Device', 'text', '[]', 1),
           ('seats', 'Seats', 'number', '[]', 2), ('due', 'Due', 'date', '[]', 3),
           ('on_site', 'On Site', 'checkbox', '[]', 4)
         ON CONFLICT (key) DO NOTHING`,
        [JSON.stringify(options)],
      );
    });
    // One ticket in five has heard back from its requester since it was created (issue 26): the list's
    // "Last Customer Reply" sort and each caller's `unread` have replies to read. Set after the load,
    // as the insert trigger makes every new ticket's last message its creation; before the indexes,
    // so the update does not maintain them.
    await timed(log, 'requester replies', () =>
      main.query(
        `UPDATE tickets SET last_message_at = created_at + random() * least(interval '3 days', now() - created_at)
         WHERE random() < $1`,
        [REPLIED_SHARE],
      ),
    );
    // Each agent has opened a share of the tickets (half of them before the requester's latest reply),
    // so the per-caller `unread` read probes a table of realistic size.
    await timed(log, 'ticket views', () =>
      main.query(
        `INSERT INTO ticket_views (user_id, ticket_id, seen_at)
         SELECT agent, t.id, t.last_message_at + (random() - 0.5) * interval '2 hours'
         FROM tickets t CROSS JOIN unnest($1::uuid[]) AS agent
         WHERE random() < $2`,
        [agentIds, VIEWED_SHARE],
      ),
    );
    // The trigram index takes longest; the B-trees are built alongside it on the other connection.
    const slowestFirst = [...indexes].sort(
      (a, b) => Number(b.definition.includes('gin')) - Number(a.definition.includes('gin')),
    );
    await timed(log, `${indexes.length} indexes`, () =>
      inParallel(
        clients,
        slowestFirst.map((index) => (client) => client.query(index.definition)),
      ),
    );
    // Bulk loading leaves the trigger-kept aggregates in many small rows; fold them as the app does.
    const { rows: folding } = await main.query<{ exists: boolean }>(
      "SELECT to_regproc('compact_ticket_aggregates') IS NOT NULL AS exists",
    );
    if (folding[0]?.exists) {
      await main.query('SELECT compact_ticket_aggregates()');
      // The load's thousands of small rows leave the folded table hundreds of pages long, which every
      // count then reads; a running help desk's stay a few pages, as autovacuum reuses the space.
      await main.query('VACUUM FULL ticket_counts');
    }
    // SLA on (issue 24), with the default targets the due times above approximate.
    await main.query(
      `INSERT INTO settings (key, value) VALUES ('sla_policies', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify({ ...DEFAULT_SLA_POLICIES, enabled: true })],
    );
    await timed(log, 'VACUUM ANALYZE', () => main.query('VACUUM (ANALYZE)'));
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * Adds `count` time entries (spread over the last year, on the seeded tickets and agents, already
 * synced to Harvest) to a database seedTickets filled. The table's secondary indexes are rebuilt
 * after the load, as for the tickets.
 */
export async function seedTimeEntries(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    const indexes = await dropSecondaryIndexes(client, 'time_entries');
    await client.query(
      `WITH agents AS (SELECT array_agg(id ORDER BY email) AS ids FROM users),
            sample AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM tickets LIMIT 100000) t)
       INSERT INTO time_entries (ticket_id, harvest_time_entry_id, harvest_project_id, harvest_project_name,
         harvest_task_id, harvest_task_name, hours, notes, spent_date, user_id, sync_status)
       SELECT sample.ids[1 + i % cardinality(sample.ids)], 9000000 + i, 1 + i % 20, 'Project ' || (1 + i % 20),
         1 + i % 5, 'Task ' || (1 + i % 5), 0.25 * (1 + i % 16), 'Work on ticket ' || i,
         current_date - (i % 365), agents.ids[1 + i % cardinality(agents.ids)], 'synced'
       FROM agents, sample, generate_series(1, $1::int) AS i`,
      [count],
    );
    for (const index of indexes) await client.query(index.definition);
  } finally {
    await client.end();
  }
}

/** Adds `count` loans of equipment (a tenth out and overdue, a third out, the rest returned). */
export async function seedLoans(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    await client.query(
      `WITH agents AS (SELECT array_agg(id ORDER BY email) AS ids FROM users)
       INSERT INTO loaner_equipment (product_type, person_name, phone, office_number, checkout_date,
         expected_return_date, actual_return_date, is_returned, notes, created_by, assigned_to)
       SELECT ($2::text[])[1 + i % cardinality($2::text[])],
         'Borrower ' || i, '555-' || lpad((i % 10000)::text, 4, '0'), 'Office ' || (100 + i % 400),
         checkout, checkout + 14, CASE WHEN i % 3 <> 0 THEN checkout + 10 END, i % 3 <> 0,
         CASE WHEN i % 7 = 0 THEN 'Charger included' END,
         agents.ids[1 + i % cardinality(agents.ids)], agents.ids[1 + (i * 7) % cardinality(agents.ids)]
       FROM agents, generate_series(1, $1::int) AS i,
         LATERAL (SELECT current_date - (i % 120) AS checkout) AS c`,
      [count, LOANER_PRODUCT_TYPES],
    );
    await client.query('VACUUM (ANALYZE) time_entries, loaner_equipment');
  } finally {
    await client.end();
  }
}
