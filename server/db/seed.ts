/**
 * `npm run seed`: demo users, tickets, loans and time entries so a newcomer sees a living app.
 * Safe to run twice (it does nothing when the demo admin exists). In embedded mode, stop the app
 * first: only one process may open the data folder.
 */
import bcrypt from 'bcrypt';
import { eq, sql } from 'drizzle-orm';
import { loanerEquipment, tickets, timeEntries, users } from '@shared/schema';
import { loadConfig } from '../config';
import { openDatabase } from './database';
import { demoTicketTimes } from './seed-times';

export const DEMO_PASSWORD = 'helpdesk-demo';
const DEMO_USERS = [
  { email: 'admin@example.com', firstName: 'Alex', lastName: 'Morgan', role: 'admin' },
  { email: 'sam@example.com', firstName: 'Sam', lastName: 'Rivera', role: 'agent' },
  { email: 'priya@example.com', firstName: 'Priya', lastName: 'Shah', role: 'agent' },
] as const;

const TICKET_SAMPLES = [
  ['Printer on 3rd floor jams every morning', 'Jordan Lee', 'jordan.lee@contoso.com', 'high'],
  ['VPN disconnects after 10 minutes', 'Maria Garcia', 'maria.garcia@contoso.com', 'high'],
  ['New starter needs a laptop on Monday', 'Chris Baker', 'chris.baker@contoso.com', 'medium'],
  ['Outlook keeps asking for my password', 'Dana White', 'dana.white@contoso.com', 'medium'],
  ['Request: second monitor', 'Evan Brooks', 'evan.brooks@contoso.com', 'low'],
  ['Shared drive permissions for Finance', 'Fatima Noor', 'fatima.noor@contoso.com', 'medium'],
  ['Wi-Fi is slow in meeting room B', 'George Young', 'george.young@contoso.com', 'low'],
  ['Phone extension not ringing', 'Hana Kim', 'hana.kim@contoso.com', 'medium'],
  ['[EXTERNAL] Invoice portal login broken', 'Ian Scott', 'ian.scott@fabrikam.com', 'high'],
  ['Teams camera not detected', 'Julia Perez', 'julia.perez@contoso.com', 'low'],
  ['Password reset for payroll system', 'Kofi Mensah', 'kofi.mensah@contoso.com', 'high'],
  ['Keyboard missing keys', 'Lena Fischer', 'lena.fischer@contoso.com', 'low'],
] as const;

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function seed() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { db } = database;
  try {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_USERS[0].email));
    if (existing) {
      console.log('Demo data is already there; nothing to do.');
      return;
    }
    const passwordHash = await bcrypt.hash(DEMO_PASSWORD, config.bcryptCost);
    const people = await db
      .insert(users)
      .values(DEMO_USERS.map((user) => ({ ...user, password: passwordHash })))
      .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName });
    const [admin, sam, priya] = people as [
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
    ];

    const statuses = [
      'open',
      'open',
      'in_progress',
      'open',
      'closed',
      'in_progress',
      'open',
      'closed_with_harvest',
    ];
    // Demo tickets as they would be after some use, not changes anyone made: written without a recorded
    // change (migration 0027's one way around its check).
    const now = new Date();
    const created = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('helpdesk.unrecorded_ticket_write', 'seed', true)`);
      return tx
        .insert(tickets)
        .values(
          TICKET_SAMPLES.map(([subject, fromName, fromEmail, priority], i) => {
            const status = statuses[i % statuses.length]!;
            const closed = status === 'closed' || status === 'closed_with_harvest';
            const { createdAt, noteAt, closedAt } = demoTicketTimes(i, now);
            const assignee = [admin, sam, priya, undefined][i % 4];
            return {
              ticketNumber: `T-${createdAt.getTime()}`,
              subject,
              body: `Hello team,\n\n${subject}. Could someone take a look?\n\nThanks,\n${fromName}`,
              fromName,
              fromEmail,
              priority,
              status,
              assignedTo: assignee?.id ?? null,
              assignedAt: assignee ? createdAt : null,
              createdAt,
              updatedAt: createdAt,
              closedAt: closed ? closedAt : null,
              timeSpent: closed ? 1.5 : null,
              originalEmailDate: createdAt,
              notes: assignee
                ? JSON.stringify([
                    {
                      text: 'Looking into this now.',
                      userId: assignee.id,
                      userInitials: `${assignee.firstName?.[0] ?? ''}${assignee.lastName?.[0] ?? ''}`,
                      userName: `${assignee.firstName} ${assignee.lastName}`,
                      timestamp: noteAt.toISOString(),
                    },
                  ])
                : null,
            };
          }),
        )
        .returning({ id: tickets.id, status: tickets.status });
    });

    const closedTickets = created.filter((ticket) => ticket.status.startsWith('closed'));
    await db.insert(timeEntries).values([
      ...closedTickets.map((ticket, i) => ({
        ticketId: ticket.id,
        harvestProjectId: 3,
        harvestProjectName: 'Support',
        harvestTaskId: 1,
        harvestTaskName: 'Heat Tickets',
        hours: 1.5,
        notes: 'Resolved and confirmed with the requester.',
        spentDate: isoDay(dayOffset(-i)),
        userId: [admin, sam][i % 2]!.id,
      })),
      ...Array.from({ length: 6 }, (_, i) => ({
        harvestProjectId: 1,
        harvestProjectName: 'Administrative',
        harvestTaskId: 1,
        harvestTaskName: 'Heat Tickets',
        hours: [0.5, 1, 2, 0.75, 3, 1.25][i]!,
        notes: ['Team meeting', 'Patch Tuesday', 'Onboarding prep', 'Backups check', 'Inventory', 'Docs'][i]!,
        spentDate: isoDay(dayOffset(-i)),
        userId: [admin, sam, priya][i % 3]!.id,
      })),
    ]);

    const loans = [
      {
        productType: 'laptop',
        personName: 'Chris Baker',
        officeNumber: '3.14',
        out: -3,
        back: 11,
        returned: false,
        assignee: sam,
      },
      {
        productType: 'monitor',
        personName: 'Evan Brooks',
        officeNumber: '2.07',
        out: -10,
        back: -2,
        returned: false,
        assignee: undefined,
      },
      {
        productType: 'tablet',
        personName: 'Hana Kim',
        officeNumber: '1.22',
        out: -20,
        back: -6,
        returned: true,
        assignee: priya,
      },
      {
        productType: 'phone',
        personName: 'Lena Fischer',
        officeNumber: '4.01',
        out: -1,
        back: 6,
        returned: false,
        assignee: admin,
      },
    ];
    await db.insert(loanerEquipment).values(
      loans.map((loan, i) => ({
        productType: loan.productType,
        personName: loan.personName,
        phone: `555-010${i + 1}`,
        officeNumber: loan.officeNumber,
        checkoutDate: isoDay(dayOffset(loan.out)),
        expectedReturnDate: isoDay(dayOffset(loan.back)),
        isReturned: loan.returned,
        actualReturnDate: loan.returned ? isoDay(dayOffset(loan.back)) : null,
        createdBy: admin.id,
        assignedTo: loan.assignee?.id ?? null,
        notes: 'Charger included.',
      })),
    );

    console.log(`Seeded ${people.length} users, ${created.length} tickets, time entries and loans.`);
    console.log(
      `Sign in as ${DEMO_USERS.map((user) => user.email).join(', ')} with the password "${DEMO_PASSWORD}".`,
    );
  } finally {
    await database.close();
  }
}

await seed();
