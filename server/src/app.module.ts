import { Module, type DynamicModule } from '@nestjs/common';
import { tools as registeredTools, type AnyTool } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PageTextFontsController } from './page-items/page-text-fonts.controller';
import { SiteController } from './site/site.controller';
import { WebAppController } from './site/web-app.controller';
import { ToolsModule } from './tool-routing/tools.module';

@Module({})
class WebAppModule {}

@Module({})
export class AppModule {
  static create(config: ServerConfig, tools: readonly AnyTool[] = registeredTools, processorsDir?: string): DynamicModule {
    // A worker node (FOLIO_ROLE=worker) serves no pages or API: it runs queued jobs, and answers health and metrics.
    const takesRequests = config.role !== 'worker';
    return {
      module: AppModule,
      global: true,
      imports: [
        ToolsModule.register({ tools, config, processorsDir }),
        ...(takesRequests
          ? [
              ContactModule.register(config.dataDir),
              OpenApiModule.register({ tools, config }),
              // Last: its catch-all route must come after every real route.
              { module: WebAppModule, controllers: [WebAppController] },
            ]
          : []),
      ],
      controllers: takesRequests ? [SiteController, PageTextFontsController] : [],
      providers: [{ provide: SERVER_CONFIG, useValue: config }],
      exports: [SERVER_CONFIG],
    };
  }
}
