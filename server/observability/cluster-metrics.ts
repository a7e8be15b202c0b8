/**
 * /metrics with several processes (server/cluster.ts, APP_PROCESSES > 1). The workers share one
 * port, so a scrape reaches whichever worker the kernel picks: one worker's own counters would jump
 * between processes from scrape to scrape and make rates meaningless. So the worker that receives
 * the scrape asks the primary, which collects every worker's metrics over the cluster's IPC channel
 * and adds them up with prom-client's AggregatorRegistry (counters and histograms summed, each
 * gauge as its `aggregator` says); Prometheus sees one app on one address.
 */
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { logger } from '../lib/logger';

const REQUEST = 'helpdesk:metrics-request';
const REPLY = 'helpdesk:metrics-reply';
/** prom-client's primary gives up on workers after 5 s; the asking worker waits a little longer. */
const REPLY_TIMEOUT_MS = 6_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: string;
}
interface MetricsReply {
  type: typeof REPLY;
  id: string;
  text?: string;
  error?: string;
}

const isRequest = (message: unknown): message is MetricsRequest =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === REQUEST;
const isReply = (message: unknown): message is MetricsReply =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === REPLY;

/** In the primary: answers the workers' requests with the metrics of all of them. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    const reply = (fields: Omit<MetricsReply, 'type' | 'id'>) => {
      if (worker.isConnected())
        worker.send({ type: REPLY, id: message.id, ...fields } satisfies MetricsReply);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn('Could not collect the metrics of every app process', { error: reason });
        reply({ error: reason });
      },
    );
  });
}

const pending = new Map<string, (reply: MetricsReply) => void>();
let listening = false;

/**
 * In a worker: lets the primary read `registry` (prom-client answers its requests), and starts
 * listening for the primary's replies to this worker's own requests.
 */
export function shareWithPrimary(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's answering listener in this worker.
  new AggregatorRegistry();
  if (listening) return;
  listening = true;
  process.on('message', (message: unknown) => {
    if (isReply(message)) pending.get(message.id)?.(message);
  });
}

/** In a worker: the metrics of every app process, in Prometheus's text format. */
export function metricsOfAllProcesses(): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('The primary process did not answer with the metrics in time'));
    }, REPLY_TIMEOUT_MS);
    pending.set(id, (reply) => {
      clearTimeout(timer);
      pending.delete(id);
      if (reply.text !== undefined) resolve(reply.text);
      else reject(new Error(reply.error ?? 'The primary process sent no metrics'));
    });
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}
