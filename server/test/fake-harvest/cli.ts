/**
 * Runs the fake Harvest on its own for local development: `npx tsx server/test/fake-harvest/cli.ts`.
 * Point the app at the printed base URL and save the printed credentials in Settings.
 */
import { FAKE_HARVEST_ACCOUNT_ID, FAKE_HARVEST_TOKEN, startFakeHarvest } from './server';

const DEFAULT_PORT = 5099;

const portSetting = process.env.FAKE_HARVEST_PORT;
const port = portSetting === undefined || portSetting === '' ? DEFAULT_PORT : Number(portSetting);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`FAKE_HARVEST_PORT must be a port number from 0 to 65535, got "${portSetting}"`);
  process.exit(1);
}

const fake = await startFakeHarvest({ port }).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use. Set FAKE_HARVEST_PORT to a free port.`
      : `The fake Harvest could not start: ${error.message}`,
  );
  process.exit(1);
});

const controlUrl = `${new URL(fake.url).origin}/__control`;
const users = fake.state.users
  .map(
    (user) =>
      `${user.id} ${user.email} (${user.access_roles.join(', ')}${user.is_active ? '' : ', archived'})`,
  )
  .join('\n                      ');
console.log(`Fake Harvest API at ${fake.url}
  Harvest-Account-Id: ${FAKE_HARVEST_ACCOUNT_ID}
  Access token:       ${FAKE_HARVEST_TOKEN} (belongs to user ${fake.controls.currentUserId})
  Users:              ${users}
  Controls:           GET or POST ${controlUrl}
                      e.g. curl -X POST ${controlUrl} -H 'Content-Type: application/json' -d '{"failWith":500,"times":2}'
                      or -d '{"actAs":1002}' (the token becomes that user's), '{"role":"manager"}',
                      '{"lockEntry":900001,"lockedAs":"invoiced"}', '{"unlockEntry":900001}', '{"reset":true}'`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.stop().then(() => process.exit(0));
  });
}
