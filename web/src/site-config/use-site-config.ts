import { useEffect, useState } from 'react';
import { z } from 'zod';

/**
 * Operator-specific facts served by the API, so each deployment sets its own:
 * what the legal pages quote, and the upload limits tool pages check before sending.
 */
export interface SiteConfig {
  contactEmail: string;
  governingLaw: string;
  /** Largest single file, in bytes (FOLIO_MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** Most bytes one request may carry (FOLIO_MAX_REQUEST_MB). */
  maxRequestBytes: number;
  /** Most files in one request (FOLIO_MAX_FILES). */
  maxFiles: number;
}

/** The limits a tool page checks uploads against. */
export type UploadLimits = Pick<SiteConfig, 'maxUploadBytes' | 'maxRequestBytes' | 'maxFiles'>;

const siteConfigSchema = z.object({
  contactEmail: z.string().trim().min(1),
  governingLaw: z.string().trim().min(1),
  maxUploadBytes: z.number().positive(),
  maxRequestBytes: z.number().positive(),
  maxFiles: z.number().int().positive(),
});

const SITE_CONFIG_URL = '/api/v1/site-config';

/**
 * One request shared by every component that asks; failures resolve to null and
 * are forgotten, so the next asker tries again (a tool run after a network blip).
 */
let request: Promise<SiteConfig | null> | null = null;

/** The site config, or null if it cannot be had; for code outside components (a tool run). */
export function loadSiteConfig(): Promise<SiteConfig | null> {
  request ??= fetch(SITE_CONFIG_URL, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body) => siteConfigSchema.safeParse(body).data ?? null)
    .catch(() => null)
    .then((config) => {
      if (!config) request = null;
      return config;
    });
  return request;
}

/** The site config, or null while it loads or if it cannot be had; callers show a fallback then. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let active = true;
    void loadSiteConfig().then((loaded) => {
      if (active) setConfig(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return config;
}
