import { Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { join } from 'node:path';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ContactController } from './contact.controller';
import { ContactRateLimit } from './contact-rate-limit';
import { ContactStore } from './contact-store';

/** Addresses the rate limit remembers at once (a few MB at most). */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * The contact form's endpoint, store and rate limit. Its request guard
 * (origin, JSON only, body size) is Express middleware that app.ts mounts
 * ahead of Nest's body parsers: see guardContactRequests.
 */
@Module({})
export class ContactModule implements OnApplicationShutdown {
  constructor(@Inject(ContactStore) private readonly store: ContactStore) {}

  /** Messages go to `<dataDir>/contact-messages.sqlite`. */
  static register(dataDir: string): DynamicModule {
    return {
      module: ContactModule,
      controllers: [ContactController],
      providers: [
        { provide: ContactStore, useFactory: () => ContactStore.open(join(dataDir, 'contact-messages.sqlite')) },
        {
          provide: ContactRateLimit,
          inject: [SERVER_CONFIG],
          useFactory: (config: ServerConfig) =>
            new ContactRateLimit({
              maxPerAddress: config.contactMaxPerAddress,
              addressWindowMs: config.contactAddressWindowMs,
              maxPerHour: config.contactMaxPerHour,
              maxTrackedAddresses: MAX_TRACKED_ADDRESSES,
            }),
        },
      ],
    };
  }

  onApplicationShutdown(): void {
    this.store.close();
  }
}
