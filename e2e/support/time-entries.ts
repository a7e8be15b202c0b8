import type { BrowserContext } from 'playwright-core';

/**
 * Logs time through the API on the (fake) Harvest's first project and task, for tests whose subject is
 * not the Add Time Entry form.
 */
export async function logTime(
  context: BrowserContext,
  entry: { spentDate: string; hours: number; notes: string },
): Promise<void> {
  const projects = (await (await context.request.get('/api/harvest/projects')).json()) as {
    projects: { id: number }[];
  };
  const projectId = projects.projects[0]!.id;
  const tasks = (await (await context.request.get(`/api/harvest/projects/${projectId}/tasks`)).json()) as {
    tasks: { id: number }[];
  };
  const created = await context.request.post('/api/time-entries', {
    data: { projectId, taskId: tasks.tasks[0]!.id, ...entry },
  });
  if (created.status() !== 201) throw new Error(`add time entry failed: ${await created.text()}`);
}
