import { Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { join } from 'node:path';
import { ContactController } from './contact.controller';
import { ContactStore } from './contact-store';

@Module({})
export class ContactModule implements OnApplicationShutdown {
  constructor(@Inject(ContactStore) private readonly store: ContactStore) {}

  /** Messages go to `<dataDir>/contact-messages.sqlite`. */
  static register(dataDir: string): DynamicModule {
    return {
      module: ContactModule,
      controllers: [ContactController],
      providers: [{ provide: ContactStore, useFactory: () => ContactStore.open(join(dataDir, 'contact-messages.sqlite')) }],
    };
  }

  onApplicationShutdown(): void {
    this.store.close();
  }
}
