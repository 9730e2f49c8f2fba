import { toolPath, type PageTextFont } from '@folio/registry';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/signatureWorkspace.json';
import { FONT_FAMILIES, loadFace } from '../page-workspace/item-appearance';
import type { Point } from '../../pdf-rendering/page-frame';
import type { WorkspaceApi } from '../page-workspace/PageWorkspace';
import { pictureSize, readPicture } from '../page-workspace/picture-items';
import type { ItemTemplate } from '../page-workspace/workspace-tool';
import { SignaturePad } from './SignaturePad';
import { dateTemplate, inkTemplate, SIGNATURE_WIDTH, typedTemplate, TYPED_SIZE } from './signature-templates';
import '../../styles/signature-palette.css';

type Way = 'draw' | 'type' | 'upload';
const HANDWRITING: readonly PageTextFont[] = ['handwriting-flowing', 'handwriting-brush', 'handwriting-plain'];
const INKS = ['#1a2a80', '#111111', '#0b5e2f'] as const;

/** Width of `text` in `font` at `size` points, measured by the browser with the face loaded. */
async function measure(text: string, font: PageTextFont, size: number): Promise<number> {
  await loadFace(font);
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return text.length * size * 0.5;
  context.font = `${size}px ${FONT_FAMILIES[font]}`;
  return context.measureText(text).width;
}

/**
 * Sign's own controls above the pages: draw a signature, type it in a
 * handwriting face, or upload a picture of it (the paper made transparent);
 * then click on a page to put it there, or add it to the current page. A date
 * goes beside it the same way; "every page" repeats it (initials).
 */
export default function SignaturePalette({ api, disabled, language }: { api: WorkspaceApi; disabled: boolean; language: string }) {
  const t = useMessages('signatureWorkspace', english);
  const id = useId();
  const [way, setWay] = useState<Way>('draw');
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [colour, setColour] = useState<string>(INKS[0]);
  const [thickness, setThickness] = useState(2);
  const [name, setName] = useState('');
  const [font, setFont] = useState<PageTextFont>('handwriting-flowing');
  const [everyPage, setEveryPage] = useState(false);
  const [picture, setPicture] = useState<ItemTemplate>();
  const [removeBackground, setRemoveBackground] = useState(true);
  const [pictureFile, setPictureFile] = useState<File>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    for (const face of HANDWRITING) void loadFace(face);
  }, []);

  useEffect(() => {
    if (!pictureFile) return;
    let gone = false;
    readPicture(pictureFile, { removeBackground })
      .then((read) => {
        if (gone) return;
        setProblem(undefined);
        setPicture({ kind: 'image', ...pictureSize(read, SIGNATURE_WIDTH), image: read.dataUrl });
      })
      .catch(() => !gone && setProblem(t('pictureFailed')));
    return () => {
      gone = true;
    };
  }, [pictureFile, removeBackground, t]);

  const withPages = (template: ItemTemplate): ItemTemplate => (everyPage ? { ...template, alsoOnPages: 'all' } : template);

  const current = async (): Promise<ItemTemplate | undefined> => {
    if (way === 'draw') return inkTemplate(strokes, { color: colour, thickness });
    if (way === 'type') return name.trim() === '' ? undefined : typedTemplate(name.trim(), font, colour, await measure(name.trim(), font, TYPED_SIZE));
    return picture;
  };
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(way === 'draw' ? strokes.length > 0 : way === 'type' ? name.trim() !== '' : picture !== undefined), [way, strokes, name, picture]);

  const put = async (how: 'arm' | 'place') => {
    const template = await current();
    if (!template) return;
    if (how === 'arm') api.arm(withPages(template), t('signature'));
    else api.placeOnCurrentPage(withPages(template));
  };
  const putDate = (how: 'arm' | 'place') => {
    const template = withPages(dateTemplate(language));
    if (how === 'arm') api.arm(template, t('date'));
    else api.placeOnCurrentPage(template);
  };

  return (
    <div className="page-workspace__extra signature-palette" data-testid="signature-palette">
      <div className="signature-palette__ways" role="radiogroup" aria-label={t('how')}>
        {(['draw', 'type', 'upload'] as const).map((option) => (
          <label key={option} className="signature-palette__way">
            <input type="radio" name={`${id}-way`} value={option} checked={way === option} onChange={() => setWay(option)} disabled={disabled} />
            {t(`way.${option}`)}
          </label>
        ))}
      </div>
      {way === 'draw' && (
        <div className="signature-palette__panel">
          <SignaturePad label={t('pad')} color={colour} thickness={thickness} strokes={strokes} onStrokes={setStrokes} />
          <div className="signature-palette__row">
            <button type="button" className="button button--ghost" onClick={() => setStrokes([])} disabled={disabled || strokes.length === 0}>
              {t('clear')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setStrokes(strokes.slice(0, -1))} disabled={disabled || strokes.length === 0}>
              {t('undoStroke')}
            </button>
            <label className="page-workspace__property">
              <span>{t('thickness')}</span>
              <input type="range" min={0.5} max={5} step={0.5} value={thickness} onChange={(event) => setThickness(Number(event.target.value))} />
            </label>
          </div>
        </div>
      )}
      {way === 'type' && (
        <div className="signature-palette__panel">
          <label className="page-workspace__property page-workspace__property--wide">
            <span>{t('name')}</span>
            <input
              className="input"
              type="text"
              value={name}
              maxLength={120}
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
              disabled={disabled}
            />
          </label>
          <div className="signature-palette__fonts" role="radiogroup" aria-label={t('style')}>
            {HANDWRITING.map((face) => (
              <label key={face} className="signature-palette__font">
                <input type="radio" name={`${id}-font`} checked={font === face} onChange={() => setFont(face)} disabled={disabled} />
                <span style={{ fontFamily: FONT_FAMILIES[face], fontSize: 24, color: colour }}>{name.trim() || t('sampleName')}</span>
              </label>
            ))}
          </div>
        </div>
      )}
      {way === 'upload' && (
        <div className="signature-palette__panel">
          <label className="page-workspace__property">
            <span>{t('picture')}</span>
            <input type="file" accept="image/png,image/jpeg" onChange={(event) => setPictureFile(event.target.files?.[0])} disabled={disabled} />
          </label>
          <label className="signature-palette__check">
            <input type="checkbox" checked={removeBackground} onChange={(event) => setRemoveBackground(event.target.checked)} disabled={disabled} />
            {t('removeBackground')}
          </label>
          {picture && picture.kind === 'image' && <img className="signature-palette__preview" src={picture.image} alt={t('preview')} />}
          {problem && (
            <p className="form-field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {way !== 'upload' && (
        <div className="signature-palette__inks" role="radiogroup" aria-label={t('colour')}>
          {INKS.map((ink) => (
            <label key={ink} className="signature-palette__ink">
              <input
                type="radio"
                name={`${id}-ink`}
                checked={colour === ink}
                onChange={() => setColour(ink)}
                disabled={disabled}
                aria-label={t(`ink.${INKS.indexOf(ink)}` as keyof typeof english)}
              />
              <span className="signature-palette__swatch" style={{ background: ink }} aria-hidden="true" />
            </label>
          ))}
        </div>
      )}
      <div className="signature-palette__row">
        <label className="signature-palette__check">
          <input type="checkbox" checked={everyPage} onChange={(event) => setEveryPage(event.target.checked)} disabled={disabled} />
          {t('everyPage')}
        </label>
        <button type="button" className="button button--primary" onClick={() => void put('arm')} disabled={disabled || !ready} data-testid="signature-arm">
          {t('clickToPlace')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => void put('place')} disabled={disabled || !ready} data-testid="signature-place">
          {t('addToPage', { page: api.currentPage })}
        </button>
        <button type="button" className="button button--ghost" onClick={() => putDate('place')} disabled={disabled} data-testid="signature-date">
          {t('addDate')}
        </button>
      </div>
      <p className="form-field__help signature-palette__certificate">
        {t('certificateHint')} <Link to={toolPath({ category: 'security', id: 'sign-certificate' })}>{t('certificateLink')}</Link>
      </p>
    </div>
  );
}
