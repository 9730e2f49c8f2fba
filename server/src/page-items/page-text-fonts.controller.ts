import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PAGE_TEXT_FONTS, type PageTextFont } from '@folio/registry';
import { PAGE_TEXT_FACES } from './page-text-fonts';

/** A year: the files change only with the server's font packages, and the page asks by face, not by file. */
const CACHE_SECONDS = 365 * 24 * 3600;

/**
 * The face files of the page's text items, so the page workspace previews a
 * text in exactly the face the server draws it with (a typed signature lands
 * in its box as shown). Only the known faces are served: the key picks an
 * entry of a fixed table, and nothing from the request reaches a path.
 */
@Controller('fonts/page-text')
export class PageTextFontsController {
  @Get(':face')
  face(@Param('face') face: string, @Res() res: Response): void {
    if (!isPageTextFont(face)) throw new NotFoundException(`No page text face named ${JSON.stringify(face.slice(0, 40))}.`);
    const { file, contentType } = PAGE_TEXT_FACES[face];
    res.setHeader('Cache-Control', `public, max-age=${CACHE_SECONDS}, immutable`);
    res.type(contentType).sendFile(file);
  }
}

function isPageTextFont(key: string): key is PageTextFont {
  return (PAGE_TEXT_FONTS as readonly string[]).includes(key);
}
