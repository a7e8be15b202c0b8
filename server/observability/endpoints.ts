/**
 * The start-up line that tells the operator where the probes and the scrape are. Addresses of this
 * process (not PUBLIC_URL): probes and scrapes go to each app process, not through the public site.
 */
import type { AppConfig } from '../config';
import { logger } from '../lib/logger';

export function processBaseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export function announceOperationsEndpoints(config: Pick<AppConfig, 'host' | 'metrics'>, port: number): void {
  const base = processBaseUrl(config.host, port);
  const metrics = config.metrics.token
    ? `metrics at ${base}/metrics (Authorization: Bearer <METRICS_TOKEN>)`
    : 'metrics off (set METRICS_TOKEN to serve /metrics)';
  logger.info(
    `Health checks at ${base}/healthz (the process answers) and ${base}/readyz (the database answers and its schema is current); ${metrics}`,
  );
}
