import { Controller, Get, Inject } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../config';

/** Small read-only endpoints the web app and monitors use. */
@Controller('api/v1')
export class SiteController {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  /**
   * What the web app takes from configuration: texts the static pages quote
   * (privacy contact, governing law), and the upload limits tool pages check
   * before sending anything, so a refused file never travels.
   */
  @Get('site-config')
  siteConfig() {
    const { contactEmail, governingLaw, maxUploadBytes, maxRequestBytes, maxFiles } = this.config;
    return { contactEmail, governingLaw, maxUploadBytes, maxRequestBytes, maxFiles };
  }

  /** Liveness, at the path Stirling's clients poll. */
  @Get('info/status')
  status() {
    return { status: 'UP' };
  }
}
