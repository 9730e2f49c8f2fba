import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { CONTACT_PATH, CONTACT_SENT, contactError } from './contact-reply';
import { clientAddress } from '../http/client-address';
import { ContactRateLimit } from './contact-rate-limit';
import { CONTACT_MESSAGE_STORE, type ContactMessageStore, ContactStoreUnavailableError } from './contact-message-store';

const FILL_ALL = 'Please fill all fields and accept the terms.';

/** The contact form's fields, as the spec's page sends them. */
const contactSchema = z.object({
  name: z.string({ error: FILL_ALL }).trim().min(1, { error: FILL_ALL }).max(200, { error: 'Your name is too long.' }),
  email: z
    .string({ error: FILL_ALL })
    .trim()
    .pipe(z.email({ error: 'Please enter a valid email address.' }))
    .pipe(z.string().max(320)),
  subject: z.string({ error: FILL_ALL }).trim().min(1, { error: FILL_ALL }).max(300, { error: 'The subject is too long.' }),
  message: z.string({ error: FILL_ALL }).trim().min(1, { error: FILL_ALL }).max(10_000, { error: 'The message is too long (10,000 characters at most).' }),
  acceptedTerms: z.union([z.literal(true), z.literal('true')], { error: FILL_ALL }),
});

const TOO_MANY = {
  address: 'You have sent several messages in a short time; please try again later.',
  everyone: 'The contact form is receiving too many messages right now; please try again later.',
} as const;

const UNAVAILABLE = 'Messages cannot be received right now; please try again in a few minutes.';

/**
 * Receives the contact form. Answers `{ result, message }`, the shape the page
 * reads: 'success' once the message is stored, 'error' with the reason otherwise.
 * Origin, content type and body size are checked before this, by
 * guardContactRequests (mounted in app.ts ahead of the body parsers).
 */
@Controller(CONTACT_PATH)
export class ContactController {
  constructor(
    @Inject(CONTACT_MESSAGE_STORE) private readonly store: ContactMessageStore,
    @Inject(ContactRateLimit) private readonly rateLimit: ContactRateLimit,
  ) {}

  @Post()
  @HttpCode(200)
  async submit(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const parsed = contactSchema.safeParse(body ?? {});
    if (!parsed.success) {
      res.status(400);
      return contactError(400, parsed.error.issues[0].message);
    }
    // Counted once valid, so a visitor correcting a typo does not use up a slot.
    const decision = this.rateLimit.take(clientAddress(req));
    if (!decision.allowed) {
      res.status(429).setHeader('Retry-After', String(decision.retryAfterSeconds));
      return contactError(429, TOO_MANY[decision.reason]);
    }
    const { acceptedTerms: _accepted, ...message } = parsed.data;
    try {
      await this.store.save(message);
    } catch (error) {
      if (!(error instanceof ContactStoreUnavailableError)) throw error;
      // In the contact shape, not problem JSON: the page shows `message`.
      res.status(503);
      return contactError(503, UNAVAILABLE);
    }
    return CONTACT_SENT;
  }
}
