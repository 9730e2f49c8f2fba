import { Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { join } from 'node:path';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ContactController } from './contact.controller';
import { ContactRateLimit } from './contact-rate-limit';
import { CONTACT_MESSAGE_STORE, type ContactMessageStore } from './contact-message-store';
import { ContactStore } from './contact-store';
import { PostgresContactStore } from './postgres-contact-store';

/** Addresses the rate limit remembers at once (a few MB at most). */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * The contact form's endpoint, store and rate limit. Its request guard
 * (origin, JSON only, body size) is Express middleware that app.ts mounts
 * ahead of Nest's body parsers: see guardContactRequests.
 */
@Module({})
export class ContactModule implements OnApplicationShutdown {
  constructor(@Inject(CONTACT_MESSAGE_STORE) private readonly store: ContactMessageStore) {}

  /** Messages go to the PostgreSQL database of FOLIO_DATABASE_URL when it is set, otherwise to `<dataDir>/contact-messages.sqlite`. */
  static register(dataDir: string): DynamicModule {
    return {
      module: ContactModule,
      controllers: [ContactController],
      providers: [
        {
          provide: CONTACT_MESSAGE_STORE,
          inject: [SERVER_CONFIG],
          useFactory: (config: ServerConfig): ContactMessageStore | Promise<ContactMessageStore> =>
            config.databaseUrl ? PostgresContactStore.open(config.databaseUrl) : ContactStore.open(join(dataDir, 'contact-messages.sqlite')),
        },
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

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
