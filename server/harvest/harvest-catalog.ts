/**
 * The Harvest projects and tasks behind the pickers and the names stored with each time entry, cached
 * briefly per set of credentials: browsers polling the pickers never multiply Harvest calls, and
 * concurrent misses share one request. When Harvest is not configured, refuses or fails, the spec's
 * fallback lists are served instead and marked as such.
 */
import {
  HARVEST_FALLBACK_PROJECTS,
  HARVEST_FALLBACK_TASKS,
  type HarvestFallbackReason,
  type HarvestListSource,
  type HarvestNamedItem,
} from '@shared/contracts/harvest';
import type { HarvestClient } from './client';
import { HarvestAuthError } from './errors';
import { logger } from '../lib/logger';
import type { HarvestCredentials, HarvestCredentialsState } from './harvest-credentials';

export interface CatalogProject extends HarvestNamedItem {
  tasks: HarvestNamedItem[];
}

export interface HarvestCatalogView {
  /** Sorted by name, and so are each project's tasks. */
  projects: CatalogProject[];
  source: HarvestListSource;
  /** Why the fallback is served; only with source `fallback`. */
  reason?: HarvestFallbackReason;
}

export interface HarvestCatalogOptions {
  loadCredentials(): Promise<HarvestCredentialsState>;
  createClient(credentials: HarvestCredentials): Pick<HarvestClient, 'listProjectsWithTasks'>;
  /** How long a list read from Harvest is reused. */
  ttlMs: number;
  /** How long the fallback is served after Harvest failed before Harvest is asked again. */
  failureTtlMs: number;
  now?: () => number;
}

const named = ({ id, name }: HarvestNamedItem): HarvestNamedItem => ({ id, name });

export function fallbackCatalog(reason: HarvestFallbackReason): HarvestCatalogView {
  return {
    projects: HARVEST_FALLBACK_PROJECTS.map((project) => ({
      ...named(project),
      tasks: HARVEST_FALLBACK_TASKS.map(named),
    })),
    source: 'fallback',
    reason,
  };
}

interface CacheEntry {
  fingerprint: string;
  /** Infinity while the request is in flight. */
  expiresAt: number;
  view: Promise<HarvestCatalogView>;
}

export class HarvestCatalog {
  private entry: CacheEntry | undefined;
  private readonly now: () => number;

  constructor(private readonly options: HarvestCatalogOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(): Promise<HarvestCatalogView> {
    const state = await this.options.loadCredentials();
    if (state.status !== 'configured') return fallbackCatalog('not_configured');
    const cached = this.entry;
    if (cached && cached.fingerprint === state.fingerprint && cached.expiresAt > this.now()) {
      return cached.view;
    }
    const entry: CacheEntry = {
      fingerprint: state.fingerprint,
      expiresAt: Number.POSITIVE_INFINITY,
      view: this.fetch(state.credentials),
    };
    this.entry = entry;
    void entry.view.then((view) => {
      const failed = view.source === 'fallback' && view.reason !== 'no_projects';
      entry.expiresAt = this.now() + (failed ? this.options.failureTtlMs : this.options.ttlMs);
    });
    return entry.view;
  }

  /** Forgets the cached lists (the credentials changed); a request in flight is not reused either. */
  invalidate(): void {
    this.entry = undefined;
  }

  private async fetch(credentials: HarvestCredentials): Promise<HarvestCatalogView> {
    try {
      const projects = await this.options.createClient(credentials).listProjectsWithTasks();
      if (projects.length === 0) return fallbackCatalog('no_projects');
      return {
        projects: projects.map((project) => ({ ...named(project), tasks: project.tasks.map(named) })),
        source: 'harvest',
      };
    } catch (error) {
      logger.warn('Harvest projects are unavailable; serving the fallback lists', {
        error: error instanceof Error ? error.message : String(error),
      });
      return fallbackCatalog(error instanceof HarvestAuthError ? 'rejected' : 'unavailable');
    }
  }
}
