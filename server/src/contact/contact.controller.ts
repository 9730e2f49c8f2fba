import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { ContactStore } from './contact-store';

const FILL_ALL = 'Please fill all fields and accept the terms.';

/** The contact form's fields, as the spec's page sends them. */
const contactSchema = z.object({
  name: z.string({ error: FILL_ALL }).trim().min(1, { error: FILL_ALL }).max(200, { error: 'Your name is too long.' }),
  email: z.string({ error: FILL_ALL }).trim().pipe(z.email({ error: 'Please enter a valid email address.' })).pipe(z.string().max(320)),
  subject: z.string({ error: FILL_ALL }).trim().min(1, { error: FILL_ALL }).max(300, { error: 'The subject is too long.' }),
  message: z.string({ error: FILL_ALL }).trim().min(1, { error: FILL_ALL }).max(10_000, { error: 'The message is too long (10,000 characters at most).' }),
  acceptedTerms: z.union([z.literal(true), z.literal('true')], { error: FILL_ALL }),
});

/**
 * Receives the contact form. Answers `{ result, message }`, the shape the page
 * reads: 'success' once the message is stored, 'error' with the reason otherwise.
 */
@Controller('api/v1/contact')
export class ContactController {
  constructor(@Inject(ContactStore) private readonly store: ContactStore) {}

  @Post()
  @HttpCode(200)
  async submit(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const parsed = contactSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      res.status(400);
      return { result: 'error', message, error: message, status: 400 };
    }
    const { acceptedTerms: _accepted, ...message } = parsed.data;
    await this.store.save(message);
    return { result: 'success', message: 'Message sent successfully!' };
  }
}
