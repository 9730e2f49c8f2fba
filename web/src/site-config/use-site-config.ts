import { useEffect, useState } from 'react';
import { z } from 'zod';

/** Operator-specific facts the legal pages quote, served by the API so each deployment sets its own. */
export interface SiteConfig {
  contactEmail: string;
  governingLaw: string;
}

const siteConfigSchema = z.object({
  contactEmail: z.string().trim().min(1),
  governingLaw: z.string().trim().min(1),
});

const SITE_CONFIG_URL = '/api/v1/site-config';

/** One request per page load, shared by every component that asks; failures resolve to null. */
let request: Promise<SiteConfig | null> | null = null;

function loadSiteConfig(): Promise<SiteConfig | null> {
  request ??= fetch(SITE_CONFIG_URL, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body) => siteConfigSchema.safeParse(body).data ?? null)
    .catch(() => null);
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
