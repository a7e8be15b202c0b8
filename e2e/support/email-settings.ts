import type { BrowserContext } from 'playwright-core';

/**
 * Email set up, so a ticket offers the Reply form. The conversation suite saves real settings first;
 * a suite run alone saves these (an SMTP server on a port nobody listens on: nothing is sent).
 * `admin` must be signed in as an administrator.
 */
export async function ensureEmailConfigured(admin: BrowserContext): Promise<void> {
  const current = await admin.request.get('/api/settings/email');
  if (((await current.json()) as { value: unknown }).value) return;
  const saved = await admin.request.post('/api/settings', {
    data: {
      key: 'email',
      value: {
        smtp: { host: '127.0.0.1', port: 2525, security: 'none' },
        fromAddress: 'support@example.com',
        fromName: 'Support',
      },
    },
  });
  if (saved.status() !== 200) throw new Error(`saving email settings failed: ${await saved.text()}`);
}
