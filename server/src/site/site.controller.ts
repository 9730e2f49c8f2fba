import { Controller, Get, Inject } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../config';

/** Small read-only endpoints the web app and monitors use. */
@Controller('api/v1')
export class SiteController {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /** Texts the static pages take from configuration (privacy contact, governing law). */
  @Get('site-config')
  siteConfig() {
    return { contactEmail: this.config.contactEmail, governingLaw: this.config.governingLaw };
  }

  /** Liveness, at the path Stirling's clients poll. */
  @Get('info/status')
  status() {
    return { status: 'UP' };
  }
}
