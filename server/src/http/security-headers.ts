import type { NextFunction, Request, Response } from 'express';

/**
 * The app's own scripts and styles only (WebAssembly allowed: pdf.js decodes
 * JPEG 2000 pictures and colour profiles with it in the result preview); frames
 * may show results from blob: URLs; nothing may frame the site but itself.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Powerful browser features the app never uses, off for it and anything it frames. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** A year, the usual HSTS lifetime. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries; `Strict-Transport-Security` only when the
 * site is configured to be reached over HTTPS (FOLIO_PUBLIC_URL), since a
 * browser would then refuse plain HTTP to this host for a year.
 */
export function securityHeaders(config: { publicUrl?: string }) {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (https) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
